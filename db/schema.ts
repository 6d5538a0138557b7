/**
 * The whole data model of contingency cash (docs/rules.md).
 * Money is always integer cents with a currency. Dates of the calendar (event day, birth date)
 * are 'YYYY-MM-DD' text; instants are ISO-8601 UTC text.
 */
import { sql } from 'drizzle-orm';
import {
  sqliteTable,
  integer,
  text,
  real,
  index,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/sqlite-core';
import {
  AWARD_STATUSES as AWARD_STATUS_VALUES,
  CURRENCIES as CURRENCY_VALUES,
  PAYOUT_TYPES as PAYOUT_TYPE_VALUES,
  RACE_STYLES as RACE_STYLE_VALUES,
  RESULT_TYPES as RESULT_TYPE_VALUES,
  ROLES as ROLE_VALUES,
} from '../app/lib/constants';

/** The database clock as an ISO instant (the default of every created_at). */
export const sqlNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const now = sqlNow;
const createdAt = () => text('created_at').notNull().default(now);
const bool = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

// Enumerations live with the other product constants (one place); the schema re-exports them.
export {
  ROLES as ROLE_VALUES,
  CURRENCIES as CURRENCY_VALUES,
  PAYOUT_TYPES as PAYOUT_TYPE_VALUES,
  RACE_STYLES as RACE_STYLE_VALUES,
  RESULT_TYPES as RESULT_TYPE_VALUES,
  AWARD_STATUSES as AWARD_STATUS_VALUES,
} from '../app/lib/constants';
export const AWARD_TYPE_VALUES = ['cash', 'credit', 'bonus'] as const;
export const DOCUMENT_KIND_VALUES = [
  'driversLicence',
  'w9',
  'idFile',
  'profileImage',
  'timecard',
] as const;
export const LEDGER_KIND_VALUES = [
  'award',
  'awardReversal',
  'redemption',
  'refund',
  'void',
  'expiry',
  'payoutClaimed',
  'payoutUnclaimed',
  'payoutSent',
  'payoutUnsent',
  'adjustment',
] as const;

// ---------------------------------------------------------------- brands

/**
 * A brand of the maker group: its own site (host names), theme and money (decision 048). Brand 1
 * is the install's first brand and the default of every `brand_id`; an install of one brand
 * shows no brand anywhere.
 */
export const brands = sqliteTable(
  'brands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(), // [a-z0-9-]: the local trial's picker names a brand by it
    name: text('name').notNull(),
    /** The brand site's origin; null: PUBLIC_URL (brand 1) or the request's own (a local trial). */
    publicUrl: text('public_url'),
    /** Logo and the `--color-brand*` values of each theme; null: the stylesheet's. */
    theme: text('theme', { mode: 'json' }).$type<Record<string, unknown>>(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_slug_uq').on(t.slug)],
);

/** The host names a brand's site answers on: lower case, with the port when not the scheme's. */
export const brandHosts = sqliteTable(
  'brand_hosts',
  {
    host: text('host').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [index('brand_hosts_brand_idx').on(t.brandId)],
);

/** The brand a row belongs to (money, patterns): brand 1 unless written otherwise. */
const brandId = () =>
  integer('brand_id')
    .notNull()
    .default(1)
    .references(() => brands.id, { onDelete: 'restrict' });

// ---------------------------------------------------------------- accounts

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(), // stored lower-case
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLE_VALUES }).notNull(),
    emailVerified: bool('email_verified'),
    deactivated: bool('deactivated'),
    profileImage: text('profile_image'), // stored file name (see rider_documents) or null
    lang: text('lang', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull().default(now),
    /** A second factor is required of this account (an admin asked it of a dealer; user:create's admins). */
    twoFactorRequired: bool('two_factor_required'),
    /**
     * Signing in with the password is refused until it is reset by e-mail: set on a real install
     * for an account found holding the published demo password (the start locks it, never refuses).
     */
    passwordLocked: bool('password_locked'),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_role_idx').on(t.role),
    // The few deactivated accounts: the admin home counts active riders as all riders less these.
    index('users_deactivated_idx')
      .on(t.id)
      .where(sql`deactivated = 1`),
  ],
);

export const admins = sqliteTable(
  'admins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
  },
  (t) => [uniqueIndex('admins_user_uq').on(t.userId)],
);

export const promoters = sqliteTable(
  'promoters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promoters_user_uq').on(t.userId),
    index('promoters_name_idx').on(t.name),
    index('promoters_phone_idx').on(t.phone),
  ],
);

export const dealers = sqliteTable(
  'dealers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    dealerNumber: text('dealer_number'), // the maker's dealer id (spec: dealerId)
    name: text('name').notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country').notNull().default('US'),
    bio: text('bio'),
    phone: text('phone'),
    websiteUrl: text('website_url'),
    email: text('email'),
    lat: real('lat'),
    lon: real('lon'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dealers_user_uq').on(t.userId),
    index('dealers_name_idx').on(t.name),
    index('dealers_state_idx').on(t.state),
    index('dealers_zip_idx').on(t.zipcode),
    index('dealers_country_idx').on(t.country),
    index('dealers_active_idx').on(t.active),
  ],
);

/** The brands a dealer sells: a brand's credit is redeemed only at a dealer selling it. */
export const dealerBrands = sqliteTable(
  'dealer_brands',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.brandId] }),
    index('dealer_brands_brand_idx').on(t.brandId),
  ],
);

export const riders = sqliteTable(
  'riders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    level: text('level', { enum: ['amateur', 'pro'] })
      .notNull()
      .default('amateur'),
    note: text('note'), // admin note
    phone1: text('phone1'),
    phone2: text('phone2'),
    amaNumber: text('ama_number'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country').notNull().default('US'),
    hometown: text('hometown'),
    bio: text('bio'),
    dateOfBirth: text('date_of_birth'), // YYYY-MM-DD
    sex: text('sex', { enum: ['male', 'female', 'non-binary'] }),
    raceStyle: text('race_style', { enum: RACE_STYLE_VALUES }),
    pinHash: text('pin_hash'),
    socialMedia: text('social_media', { mode: 'json' })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    usPerson: integer('us_person', { mode: 'boolean' }).notNull().default(true), // tax status
    factory: bool('factory'), // marked factory rider by an admin
    // Reminder mails that only warn ahead (docs/rules.md "Reminders"); the last warnings before
    // money is lost are always sent.
    reminderMails: integer('reminder_mails', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('riders_user_uq').on(t.userId),
    index('riders_ama_idx').on(t.amaNumber),
    index('riders_last_first_idx').on(t.lastName, t.firstName),
    index('riders_country_idx').on(t.country),
    index('riders_state_idx').on(t.state),
    index('riders_level_idx').on(t.level),
  ],
);

export const guardianConsents = sqliteTable(
  'guardian_consents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    guardianName: text('guardian_name').notNull(),
    guardianEmail: text('guardian_email').notNull(),
    consentedAt: text('consented_at').notNull().default(now),
  },
  (t) => [index('guardian_consents_rider_idx').on(t.riderId)],
);

export const riderFavouriteDealers = sqliteTable(
  'rider_favourite_dealers',
  {
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.riderId, t.dealerId] }), index('fav_dealer_idx').on(t.dealerId)],
);

export const riderDocuments = sqliteTable(
  'rider_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KIND_VALUES }).notNull(),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull(), // file name inside UPLOAD_DIR, never user-chosen
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rider_documents_rider_idx').on(t.riderId, t.kind),
    index('rider_documents_uploader_idx').on(t.uploadedByUserId),
    uniqueIndex('rider_documents_stored_uq').on(t.storedName),
  ],
);

// ---------------------------------------------------------------- VINs and bikes

export const vinPatterns = sqliteTable(
  'vin_patterns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    make: text('make').notNull().default('KTM'),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    pattern: text('pattern').notNull(), // 17 chars, '*' = any one character
    verified: bool('verified'),
    noCheckDigit: bool('no_check_digit'), // off-road competition models outside the VIN rule
    brandId: brandId(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vin_patterns_pattern_uq').on(t.pattern),
    index('vin_patterns_model_idx').on(t.model),
    index('vin_patterns_year_idx').on(t.year),
    index('vin_patterns_verified_idx').on(t.verified),
  ],
);

export const bikes = sqliteTable(
  'bikes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    valid: bool('valid'),
    invalidReason: text('invalid_reason'), // i18n key when not valid
    vinPatternId: integer('vin_pattern_id').references(() => vinPatterns.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bikes_vin_uq').on(t.vin),
    index('bikes_rider_idx').on(t.riderId),
    index('bikes_pattern_idx').on(t.vinPatternId),
    index('bikes_valid_idx').on(t.valid),
  ],
);

// ---------------------------------------------------------------- programs, series, events

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    raceStyle: text('race_style', { enum: RACE_STYLE_VALUES }),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    // Program eligibility: null = any model of the maker
    eligibleModels: text('eligible_models', { mode: 'json' }).$type<string[] | null>(),
    minYear: integer('min_year'), // null = MIN_BIKE_YEAR
    maxYear: integer('max_year'), // null = no upper bound
    createdAt: createdAt(),
  },
  (t) => [index('categories_active_idx').on(t.active)],
);

export const series = sqliteTable(
  'series',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    promoterId: integer('promoter_id').references(() => promoters.id, { onDelete: 'set null' }),
    raceStyle: text('race_style', { enum: RACE_STYLE_VALUES }),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country').notNull().default('US'),
    firstDate: text('first_date'), // YYYY-MM-DD, kept equal to the earliest event
    lastDate: text('last_date'),
    version: integer('version').notNull().default(0), // spec __v: a stale version is refused
    createdAt: createdAt(),
  },
  (t) => [
    index('series_category_idx').on(t.categoryId),
    index('series_promoter_idx').on(t.promoterId),
    index('series_name_idx').on(t.name),
    index('series_state_idx').on(t.state),
    index('series_country_idx').on(t.country),
    index('series_zip_idx').on(t.zipcode),
    index('series_city_idx').on(t.city),
  ],
);

export const EVENT_APPROVAL_VALUES = ['proposed', 'approved', 'refused'] as const;

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'set null' }),
    promoterId: integer('promoter_id').references(() => promoters.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    venue: text('venue'),
    venueWebsite: text('venue_website'),
    city: text('city'),
    state: text('state'),
    zipcode: text('zipcode'),
    country: text('country').notNull().default('US'),
    lat: real('lat'),
    lon: real('lon'),
    date: text('date').notNull(), // YYYY-MM-DD, event day in America/Los_Angeles
    startTime: text('start_time'), // HH:mm or null (TBD)
    eventType: text('event_type', { enum: RACE_STYLE_VALUES }),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    cancelled: bool('cancelled'),
    notes: text('notes'),
    bonuses: text('bonuses'), // free-text description of the event's bonus program
    resultsUploadedAt: text('results_uploaded_at'),
    resultsVerifiedAt: text('results_verified_at'),
    // A promoter's new event is a proposal until an admin approves its eligibility.
    approval: text('approval', { enum: EVENT_APPROVAL_VALUES }).notNull().default('approved'),
    approvalReason: text('approval_reason'), // why an admin refused it
    approvalDecidedAt: text('approval_decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_series_idx').on(t.seriesId),
    index('events_promoter_idx').on(t.promoterId),
    index('events_category_idx').on(t.categoryId),
    index('events_date_idx').on(t.date),
    index('events_title_idx').on(t.title),
    index('events_state_idx').on(t.state),
    index('events_country_idx').on(t.country),
    index('events_zip_idx').on(t.zipcode),
    index('events_city_idx').on(t.city),
    index('events_cancelled_idx').on(t.cancelled),
    index('events_approval_idx').on(t.approval),
  ],
);

/** The brands an event pays (its payout tables are per brand and class). */
export const eventBrands = sqliteTable(
  'event_brands',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.brandId] }),
    index('event_brands_brand_idx').on(t.brandId),
  ],
);

export const eventClasses = sqliteTable(
  'event_classes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payoutType: text('payout_type', { enum: PAYOUT_TYPE_VALUES }).notNull(),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('event_classes_event_name_uq').on(t.eventId, t.name)],
);

export const classPlaces = sqliteTable(
  'class_places',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: integer('class_id')
      .notNull()
      .references(() => eventClasses.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
  },
  (t) => [
    uniqueIndex('class_places_class_place_uq').on(t.classId, t.place),
    index('class_places_amount_idx').on(t.classId, t.amountCents),
  ],
);

export const results = sqliteTable(
  'results',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => eventClasses.id, { onDelete: 'cascade' }),
    place: integer('place'),
    resultType: text('result_type', { enum: RESULT_TYPE_VALUES }).notNull().default('finish'),
    riderName: text('rider_name').notNull(),
    amaNumber: text('ama_number'),
    email: text('email'),
    make: text('make'),
    model: text('model'),
    hometown: text('hometown'),
    riderId: integer('rider_id').references(() => riders.id, { onDelete: 'set null' }),
    bikeId: integer('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    bonusCents: integer('bonus_cents').notNull().default(0),
    bonusNote: text('bonus_note'),
    // Computed by the award engine, for display: what this result pays and, if nothing, why.
    payoutCents: integer('payout_cents').notNull().default(0),
    noPayoutReason: text('no_payout_reason'), // i18n key, e.g. 'twoClassLimit'
    createdAt: createdAt(),
  },
  (t) => [
    // Covering for market share (finishers, place and make per event): no row lookups.
    index('results_event_idx').on(t.eventId, t.resultType, t.place, t.make),
    index('results_class_idx').on(t.classId, t.place),
    // The rider's events without reading their result rows (the rider home's latest results).
    index('results_rider_event_idx').on(t.riderId, t.eventId),
    index('results_bike_idx').on(t.bikeId),
    index('results_ama_idx').on(t.amaNumber),
  ],
);

/**
 * "Not this rider": an admin removed a race from a rider. The mark names the
 * result by class and identity (AMA number, else the name's key) so it survives a results
 * re-upload; automatic linking never attaches a marked result to that rider again.
 */
export const resultExclusions = sqliteTable(
  'result_exclusions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    classId: integer('class_id')
      .notNull()
      .references(() => eventClasses.id, { onDelete: 'cascade' }),
    identity: text('identity').notNull(), // 'ama|<number>' or 'name|<key>'
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('result_exclusions_uq').on(t.classId, t.identity, t.riderId),
    index('result_exclusions_rider_idx').on(t.riderId),
  ],
);

export const RESULT_CLAIM_STATUS_VALUES = ['pending', 'approved', 'refused'] as const;

/** A rider's claim on a result that is not linked to them. */
export const resultClaims = sqliteTable(
  'result_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    bikeId: integer('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    note: text('note'),
    status: text('status', { enum: RESULT_CLAIM_STATUS_VALUES }).notNull().default('pending'),
    reason: text('reason'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: text('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('result_claims_result_idx').on(t.resultId),
    index('result_claims_rider_idx').on(t.riderId),
    index('result_claims_status_idx').on(t.status),
  ],
);

// ---------------------------------------------------------------- money

export const payoutClaims = sqliteTable(
  'payout_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['debitCard', 'cheque'] }).notNull(),
    status: text('status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    country: text('country').notNull(),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    brandId: brandId(),
    grossCents: integer('gross_cents').notNull(),
    withheldCents: integer('withheld_cents').notNull().default(0),
    netCents: integer('net_cents').notNull(),
    // The rider's tax status the withholding was computed under, kept with the claim: the tax
    // lists file a payment by it, not by whatever the rider answers later.
    usPerson: integer('us_person', { mode: 'boolean' }).notNull(),
    dueDate: text('due_date'), // YYYY-MM-DD
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    sentAt: text('sent_at'),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_claims_rider_idx').on(t.riderId),
    index('payout_claims_status_idx').on(t.status),
    index('payout_claims_type_idx').on(t.type),
    index('payout_claims_country_idx').on(t.country),
    index('payout_claims_created_idx').on(t.createdAt),
    // The tax lists: the claims sent in a year (searched through an instant window).
    index('payout_claims_sent_at_idx').on(t.sentAt),
    index('payout_claims_creator_idx').on(t.createdByUserId),
    index('payout_claims_sender_idx').on(t.sentByUserId),
  ],
);

export const awards = sqliteTable(
  'awards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'restrict' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => eventClasses.id, { onDelete: 'set null' }),
    resultId: integer('result_id').references(() => results.id, { onDelete: 'set null' }),
    // A series-end (final standings) award: no event, class or result; paid 60 days after the
    // series' last event.
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'restrict' }),
    type: text('type', { enum: AWARD_TYPE_VALUES }).notNull(), // type earned
    // How the award is paid: dealer credit (amateurs) or cash (pros). Bonuses follow their class.
    payoutType: text('payout_type', { enum: ['cash', 'dealerCredit'] }).notNull(),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    brandId: brandId(),
    initialCents: integer('initial_cents').notNull(), // amount earned / initial value
    currentCents: integer('current_cents').notNull(), // current value (what is left)
    spentCents: integer('spent_cents').notNull().default(0),
    status: text('status', { enum: AWARD_STATUS_VALUES }).notNull(),
    awardedAt: text('awarded_at').notNull().default(now),
    expiresAt: text('expires_at'), // credit: end of day 12 months later (LA), as UTC instant
    paymentInfoDueAt: text('payment_info_due_at'), // cash: 60 days after the race
    redeemedAt: text('redeemed_at'),
    expiryMailSentAt: text('expiry_mail_sent_at'),
    payoutClaimId: integer('payout_claim_id').references(() => payoutClaims.id, {
      onDelete: 'set null',
    }),
    notes: text('notes'),
    // How the award was withdrawn (shown to the rider as a sentence in their language): by a
    // results recompute or by an admin, when, and what it was worth and its status before.
    withdrawnBy: text('withdrawn_by', { enum: ['recompute', 'admin'] }),
    withdrawnAt: text('withdrawn_at'),
    withdrawnFromCents: integer('withdrawn_from_cents'),
    withdrawnFromStatus: text('withdrawn_from_status', { enum: AWARD_STATUS_VALUES }),
    createdAt: createdAt(),
  },
  (t) => [
    index('awards_rider_idx').on(t.riderId, t.status),
    // By event; covering for awards per series (market share by series) without reading each row.
    index('awards_event_series_status_idx').on(t.eventId, t.seriesId, t.status),
    index('awards_class_idx').on(t.classId),
    index('awards_result_idx').on(t.resultId),
    // Only the awards that have one: most have no series and no claim, and an entry per NULL made
    // a search for `IS NULL` through these indexes look selective to the planner (it is not).
    index('awards_series_idx')
      .on(t.seriesId)
      .where(sql`series_id IS NOT NULL`),
    index('awards_claim_idx')
      .on(t.payoutClaimId)
      .where(sql`payout_claim_id IS NOT NULL`),
    index('awards_expires_idx').on(t.expiresAt),
    index('awards_status_idx').on(t.status),
    // Reports (summary, top riders, rider stats): covering, by award date or by rider.
    index('awards_awarded_idx').on(
      t.awardedAt,
      t.status,
      t.payoutType,
      t.currency,
      t.initialCents,
      t.riderId,
    ),
    index('awards_rider_awarded_idx').on(
      t.riderId,
      t.awardedAt,
      t.status,
      t.currency,
      t.initialCents,
    ),
    // Admin home: what is outstanding per balance (only awards with something left).
    index('awards_outstanding_idx').on(t.payoutType, t.currentCents, t.currency),
  ],
);

export const creditRedemptions = sqliteTable(
  'credit_redemptions',
  {
    // The id is the redemption's sequence number; its code is the id in base 36, upper case.
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'restrict' }),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    brandId: brandId(),
    employeeName: text('employee_name').notNull(),
    idVerified: bool('id_verified'),
    // The rider's credit left in this currency once it was made, printed on the receipt (null
    // for redemptions made before it was kept).
    remainingCents: integer('remaining_cents'),
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    proxyHostUserId: integer('proxy_host_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_redemptions_rider_idx').on(t.riderId),
    // Covering for the reports (top dealers, summary, dealer refunds): no row lookups.
    index('credit_redemptions_dealer_idx').on(
      t.dealerId,
      t.createdAt,
      t.status,
      t.currency,
      t.amountCents,
    ),
    index('credit_redemptions_created_idx').on(t.createdAt, t.status, t.currency, t.amountCents),
    // No index on status, creator or proxy host: no query reads by them, and each one was a page
    // more written at every redemption (deleting a user, in a rider merge, scans for them instead).
  ],
);

/**
 * Redeemed credit per UTC month and currency (active redemptions only), kept by SQLite triggers on
 * `credit_redemptions` (migration 0009) so every writer — the counter, refunds, the seed, merges,
 * the bench generator — keeps it current inside its own transaction. The yearly summary reads
 * whole months from here instead of 700,000 redemptions (docs/decisions/020-report-totals.md).
 */
/**
 * The sum of each class's place amounts, kept by SQLite triggers on `class_places`
 * (migration 0010) in the same transaction as every change to them: the contingency the public
 * pages and reports show reads one row per class instead of every place. Checked against
 * `class_places` by the integrity check.
 */
export const classPlaceTotals = sqliteTable('class_place_totals', {
  classId: integer('class_id')
    .primaryKey()
    .references(() => eventClasses.id, { onDelete: 'cascade' }),
  cents: integer('cents').notNull(),
});

/**
 * Versions of slices of the data, each bumped by SQLite triggers (migration 0011) in
 * the same transaction as any change to its tables: `catalog` (events, their classes and places,
 * series, categories, which events have results) and `dealers`. Answers computed from a slice
 * are cached in memory until its version moves (`~/services/platform/data-version.server`).
 */
export const dataVersions = sqliteTable('data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
});

export const redemptionMonthTotals = sqliteTable(
  'redemption_month_totals',
  {
    month: text('month').notNull(), // 'YYYY-MM' of created_at (UTC)
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull(),
    cents: integer('cents').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.currency] })],
);

export const redemptionAllocations = sqliteTable(
  'redemption_allocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => creditRedemptions.id, { onDelete: 'restrict' }),
    awardId: integer('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('redemption_allocations_redemption_idx').on(t.redemptionId),
    index('redemption_allocations_award_idx').on(t.awardId),
  ],
);

export const revokedRedemptions = sqliteTable(
  'revoked_redemptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => creditRedemptions.id, { onDelete: 'restrict' }),
    refundedByUserId: integer('refunded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    refundedAt: text('refunded_at').notNull().default(now),
    reason: text('reason'),
    // 'refund': an admin's; 'void': the dealer's own, within its void window.
    kind: text('kind', { enum: ['refund', 'void'] })
      .notNull()
      .default('refund'),
    brandId: brandId(), // the redemption's
  },
  (t) => [
    uniqueIndex('revoked_redemptions_redemption_uq').on(t.redemptionId),
    index('revoked_redemptions_refunder_idx').on(t.refundedByUserId),
    index('revoked_redemptions_date_idx').on(t.refundedAt),
  ],
);

/**
 * Append-only money ledger: every balance change is one row, written in the same transaction.
 * balance = 'credit' (dealer credit) or 'cash' (pro cash owed). amountCents is signed.
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'restrict' }),
    balance: text('balance', { enum: ['credit', 'cash'] }).notNull(),
    kind: text('kind', { enum: LEDGER_KIND_VALUES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    brandId: brandId(), // its award's: balances are per rider, brand, balance and currency
    awardId: integer('award_id').references(() => awards.id, { onDelete: 'restrict' }),
    redemptionId: integer('redemption_id').references(() => creditRedemptions.id, {
      onDelete: 'restrict',
    }),
    payoutClaimId: integer('payout_claim_id').references(() => payoutClaims.id, {
      onDelete: 'restrict',
    }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    proxyHostUserId: integer('proxy_host_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_rider_idx').on(t.riderId, t.balance),
    index('ledger_award_idx').on(t.awardId),
    index('ledger_redemption_idx').on(t.redemptionId),
    // Only rows of a payout claim: the counter's rows (no claim) never write an entry to it.
    index('ledger_claim_idx')
      .on(t.payoutClaimId)
      .where(sql`payout_claim_id IS NOT NULL`),
    // None on the actor or proxy host: nothing reads the ledger by them (see credit_redemptions).
  ],
);

/** Every PIN entry at a dealer counter, for the 5-in-15-minutes lock-out (docs/rules.md). */
export const pinAttempts = sqliteTable(
  'pin_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    success: bool('success'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pin_attempts_rider_idx').on(t.riderId, t.createdAt),
    // Wrong PINs per dealer location and per dealer login across all riders (the counter pause).
    index('pin_attempts_dealer_time_idx').on(t.dealerId, t.createdAt),
    index('pin_attempts_user_time_idx').on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- money under controls

/**
 * The admin's limits on money a person types (a result's bonus, a large refund); one row, id 1
 * (no row: the defaults of `money-controls.server`). Amounts in cents of the amount's currency.
 */
export const moneyLimits = sqliteTable('money_limits', {
  id: integer('id').primaryKey(),
  promoterBonusPerResultCents: integer('promoter_bonus_per_result_cents').notNull(),
  adminBonusPerResultCents: integer('admin_bonus_per_result_cents').notNull(),
  bonusPerEventCents: integer('bonus_per_event_cents').notNull(),
  bonusPerYearCents: integer('bonus_per_year_cents').notNull(),
  refundAboveCents: integer('refund_above_cents').notNull(),
  promoterPlaceCents: integer('promoter_place_cents').notNull().default(250000),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  updatedAt: text('updated_at').notNull().default(now),
});

export const PENDING_CHANGE_KIND_VALUES = [
  'bonus',
  'refund',
  'seriesAward',
  'limits',
  'adminInvite',
] as const;
export const PENDING_CHANGE_STATUS_VALUES = [
  'pending',
  'approved',
  'refused',
  'superseded',
] as const;

/**
 * A money change over its limit, held until a second admin approves it (separation of duties):
 * nothing of it reaches a balance before approval. Who entered it and who decided, each with
 * the admin behind a proxy.
 */
export const pendingMoneyChanges = sqliteTable(
  'pending_money_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: PENDING_CHANGE_KIND_VALUES }).notNull(),
    status: text('status', { enum: PENDING_CHANGE_STATUS_VALUES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    previousCents: integer('previous_cents').notNull().default(0),
    currency: text('currency', { enum: CURRENCY_VALUES }).notNull().default('USD'),
    limitName: text('limit_name').notNull(), // which limit it passed: perResult, perEvent, …
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    resultId: integer('result_id').references(() => results.id, { onDelete: 'set null' }),
    redemptionId: integer('redemption_id').references(() => creditRedemptions.id, {
      onDelete: 'set null',
    }),
    riderId: integer('rider_id').references(() => riders.id, { onDelete: 'set null' }),
    // A series-end award's series (kind seriesAward): the award is made on approval.
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'set null' }),
    note: text('note'), // the bonus note or the refund reason, applied on approval
    // kind limits: the proposed money limits (JSON, cents), applied on approval.
    payload: text('payload', { mode: 'json' }).$type<Record<string, number>>(),
    enteredByUserId: integer('entered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    enteredProxyHostUserId: integer('entered_proxy_host_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedProxyHostUserId: integer('decided_proxy_host_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: text('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_money_changes_status_idx').on(t.status, t.createdAt),
    index('pending_money_changes_result_idx').on(t.resultId),
    index('pending_money_changes_redemption_idx').on(t.redemptionId),
  ],
);

export const INVITATION_ROLE_VALUES = ['admin', 'dealer', 'promoter'] as const;
export const INVITATION_STATUS_VALUES = ['held', 'sent', 'used', 'cancelled', 'refused'] as const;

/**
 * An admin's invitation of a person to an admin, dealer or promoter login: the account is made
 * when the person uses the link and chooses a password. The link's token lives hashed in
 * one_time_codes (purpose 'invitation'); this row says what the link makes and where it stands.
 * An admin's invitation is `held` (its pending change) until a second admin approves it.
 * "Expired" is a `sent` row past `expiresAt`.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(), // lower-case
    role: text('role', { enum: INVITATION_ROLE_VALUES }).notNull(),
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'cascade' }),
    promoterId: integer('promoter_id').references(() => promoters.id, { onDelete: 'cascade' }),
    firstName: text('first_name'), // an admin's names
    lastName: text('last_name'),
    lang: text('lang', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    status: text('status', { enum: INVITATION_STATUS_VALUES }).notNull(),
    pendingChangeId: integer('pending_change_id').references(() => pendingMoneyChanges.id, {
      onDelete: 'set null',
    }),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    invitedProxyHostUserId: integer('invited_proxy_host_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }), // once used
    sentAt: text('sent_at'),
    expiresAt: text('expires_at'),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_created_idx').on(t.createdAt),
    index('invitations_email_idx').on(t.email, t.status),
    index('invitations_pending_change_idx').on(t.pendingChangeId),
  ],
);

// ---------------------------------------------------------------- messages, codes, sessions, audit

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['contact', 'accountRecovery'] })
      .notNull()
      .default('contact'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    handled: bool('handled'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_kind_idx').on(t.kind, t.handled)],
);

/** One pending one-time code per (target, purpose): e-mail verification and password reset. */
export const oneTimeCodes = sqliteTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    target: text('target').notNull(), // lower-case e-mail
    purpose: text('purpose', {
      enum: ['email-verify', 'password-reset', 'invitation', 'email-change'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_codes_target_purpose_uq').on(t.target, t.purpose)],
);

/** Server-side sessions: the cookie holds only the id. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }), // effective user
    proxyHostUserId: integer('proxy_host_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }), // the admin while impersonating
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
    /** When this session last proved its owner (password or passkey, and the second factor): step-up. */
    verifiedAt: text('verified_at'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_proxy_idx').on(t.proxyHostUserId),
  ],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    proxyHostUserId: integer('proxy_host_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit trail is written at every money change and read by one question (the counters
    // paused lately): only those rows are indexed.
    index('audit_dealer_paused_idx')
      .on(t.createdAt)
      .where(sql`action = 'redemption.dealerPaused'`),
  ],
);

/**
 * What happened to an account's sign-in security (a passkey added, two-factor off, the e-mail or
 * password changed, a sign-in refused for a locked password …), with the client's address: the
 * owner's account page lists the recent ones.
 */
export const securityEvents = sqliteTable(
  'security_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    address: text('address'),
    userAgent: text('user_agent'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Deadline reminders sent (docs/rules.md "Reminders"): one row per item, kind and threshold,
 * written before the mail goes out; the unique key is what makes the daily job safe to re-run.
 */
export const sentReminders = sqliteTable(
  'sent_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', {
      enum: ['paymentInfo', 'w9Missing', 'creditExpiring', 'resultsLate'],
    }).notNull(),
    itemId: integer('item_id').notNull(), // award (paymentInfo, creditExpiring), rider (w9Missing), event (resultsLate)
    threshold: integer('threshold').notNull(), // days (before the deadline, after the event); the year for w9Missing
    recipientEmail: text('recipient_email').notNull(),
    recipientUserId: integer('recipient_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    lang: text('lang', { enum: ['en', 'fr'] }).notNull(),
    subject: text('subject').notNull(),
    copiedTo: text('copied_to'), // admins copied, comma-separated
    sentAt: text('sent_at').notNull(),
  },
  (t) => [
    uniqueIndex('sent_reminders_item_uq').on(t.kind, t.itemId, t.threshold),
    index('sent_reminders_sent_idx').on(t.sentAt),
  ],
);

/** Rate limiting for sign-in, codes and other writes (kept in the database, survives restarts). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: text('window_start').notNull(),
});

/**
 * Every outgoing e-mail, queued in the same transaction as the change that causes it (or at least
 * before the request answers) and delivered from here with retries (docs/operations.md "Mail").
 * status: pending (waiting or between retries), sending (claimed by a worker until locked_until),
 * sent, failed (gave up after the last retry; an admin can retry it).
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    lang: text('lang', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(now),
    lockedUntil: text('locked_until'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Exactly-once money writes: every redemption, refund and payout-claim batch carries a
 * one-time key (the form's hidden token or the API's Idempotency-Key). The key is stored in the
 * same transaction as the money change, UNIQUE per (scope, user, key): a repeat answers with the
 * first result; the same key with another request is a conflict.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope', { enum: ['redeem', 'refund', 'void', 'payout-claim'] }).notNull(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's meaningful fields (never a PIN). */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer, as JSON, replayed to every repeat. */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_user_key_uq').on(t.scope, t.userId, t.key)],
);

/**
 * A promoter's remembered choice for one results-file header in the timing mapping step (issue
 * 12.4): the header as matched (headerKey) and the result column it was mapped to, or 'ignore'.
 * Pre-selected the next time that promoter uploads a file with that header.
 */
export const timingMappings = sqliteTable(
  'timing_mappings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    column: text('column').notNull(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('timing_mappings_promoter_header_uq').on(t.promoterId, t.headerKey)],
);

/**
 * A promoter's remembered answers for one results-file header set in the timing mapping step: the
 * header row as matched (each headerKey, in order, joined by '|'), the column chosen for each
 * position (JSON array of result columns or 'ignore'), and what each status value meant (JSON
 * object statusKey → finish / DNF / DNS / DQ / ignore). Used as is on the next file with the same
 * headers.
 */
export const timingHeaderSets = sqliteTable(
  'timing_header_sets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id, { onDelete: 'cascade' }),
    headerSet: text('header_set').notNull(),
    columns: text('columns').notNull(),
    statuses: text('statuses').notNull().default('{}'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('timing_header_sets_promoter_set_uq').on(t.promoterId, t.headerSet)],
);

/**
 * A user's TOTP authenticator (RFC 6238). `confirmedAt` is null while it is being set up (the
 * first code confirms it); `lastUsedStep` is the last 30-second step a code was accepted for, so
 * a code is accepted once (no replay inside its window).
 */
export const twoFactor = sqliteTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(), // base32
  confirmedAt: text('confirmed_at'),
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: createdAt(),
});

/** The ten single-use recovery codes of a user's TOTP, stored as HMAC-SHA-256 (never in clear). */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys); `id` is the credential id (base64url). */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(), // base64url COSE key
    counter: integer('counter').notNull().default(0),
    transports: text('transports'), // JSON array
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived server-side sign-in state, keyed by the SHA-256 of a random cookie token: a
 * password that passed and waits for its second factor (`secondFactor`, not a session until the
 * code passes), or a WebAuthn challenge (`passkeySignIn`, `passkeyRegister`).
 */
export const signInChallenges = sqliteTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: ['secondFactor', 'passkeySignIn', 'passkeyRegister', 'passkeyStepUp'],
    }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    redirectTo: text('redirect_to'),
    tries: integer('tries').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);

export type Brand = typeof brands.$inferSelect;
export type User = typeof users.$inferSelect;
export type Rider = typeof riders.$inferSelect;
export type Dealer = typeof dealers.$inferSelect;
export type Promoter = typeof promoters.$inferSelect;
export type Admin = typeof admins.$inferSelect;
export type Bike = typeof bikes.$inferSelect;
export type VinPattern = typeof vinPatterns.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Series = typeof series.$inferSelect;
export type Event = typeof events.$inferSelect;
export type EventClass = typeof eventClasses.$inferSelect;
export type ClassPlace = typeof classPlaces.$inferSelect;
export type Result = typeof results.$inferSelect;
export type ResultClaim = typeof resultClaims.$inferSelect;
export type Award = typeof awards.$inferSelect;
export type CreditRedemption = typeof creditRedemptions.$inferSelect;
export type PayoutClaim = typeof payoutClaims.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type SecurityEvent = typeof securityEvents.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
