/**
 * Every page of every role, for the accessibility sweep, as path templates (English form, no
 * language prefix): `:name` stands for an id the sweep reads from the test database. Pure data, so
 * a unit test can compare it with the route files (tests/unit/a11y-page-list.test.ts).
 */
export type Role = 'public' | 'rider' | 'dealer' | 'promoter' | 'admin';

/** Pages a role's demo account sees by simply visiting them (public: signed out). */
export const PAGES: Record<Role, readonly string[]> = {
  public: [
    '/',
    '/events',
    '/events/event/:event',
    '/events/serie/:series',
    '/dealers',
    '/about/overview',
    '/about/rules',
    '/about/faq-riders',
    '/about/faq-dealers',
    '/about/faq-promoters',
    '/about/contact',
    '/thank-you-contact',
    '/register',
    '/login',
    '/forgot-password',
    '/forgot-password-reset?email=rider%40contingency.test',
    '/password-lost-reset?email=rider%40contingency.test&code=123456',
    '/register-confirm?email=new-rider%40example.test',
    '/account-recovery',
    // A link that no longer works: the page says so.
    '/invitation?email=nobody%40example.test&token=spent',
    // Visited, not posted to: only its way back.
    '/confirm',
    '/no-such-page',
  ],
  rider: [
    '/auth/rider',
    '/auth/rider/earnings',
    '/auth/rider/redemptions',
    '/auth/rider/dealers',
    '/auth/rider/series',
    '/auth/rider/serie/:series',
    '/auth/rider/events',
    '/auth/rider/event/:event',
    '/auth/rider/claim/:result',
    '/auth/rider/profile',
    '/auth/rider/security',
  ],
  dealer: [
    '/auth/dealer',
    '/auth/dealer/redemptions',
    '/auth/dealer/redemptions/:redemption',
    '/auth/dealer/redemptions/:redemption/print',
    '/auth/dealer/rider/:rider',
    '/auth/dealer/riders?q=rider',
    '/auth/dealer/profile',
    '/auth/dealer/security',
  ],
  promoter: [
    '/auth/promoter',
    '/auth/promoter/claims',
    '/auth/promoter/event/:promoterEvent',
    '/auth/promoter/serie/:promoterSeries',
    '/auth/promoter/profile',
    '/auth/promoter/security',
  ],
  admin: [
    '/auth/admin',
    '/auth/admin/summary',
    '/auth/admin/market-share-month',
    '/auth/admin/market-share-series',
    '/auth/admin/riders',
    '/auth/admin/rider/:rider',
    '/auth/admin/rider/:rider/remove-races',
    '/auth/admin/rider',
    '/auth/admin/rider-vin-report',
    '/auth/admin/rider-earnings',
    '/auth/admin/rider-redemptions',
    '/auth/admin/dealer-refunds',
    '/auth/admin/dealers',
    '/auth/admin/dealer/:dealer',
    '/auth/admin/dealer',
    '/auth/admin/dealer-logins',
    '/auth/admin/invitations',
    '/auth/admin/promoters',
    '/auth/admin/promoter/:promoter',
    '/auth/admin/promoter',
    '/auth/admin/late-results-events',
    '/auth/admin/reminders',
    '/auth/admin/tax-lists',
    '/auth/admin/export-series-events',
    '/auth/admin/export-class-payouts',
    '/auth/admin/series',
    '/auth/admin/serie/:series',
    '/auth/admin/serie',
    '/auth/admin/events',
    '/auth/admin/event/:event',
    '/auth/admin/event',
    '/auth/admin/categories',
    '/auth/admin/category/:category',
    '/auth/admin/category',
    '/auth/admin/vin-patterns',
    '/auth/admin/mail',
    '/auth/admin/claims',
    '/auth/admin/approvals',
    '/auth/admin/second-factors',
    // An account found: its second factor and the buttons to require or reset it.
    '/auth/admin/second-factors?email=dealer%40contingency.test',
    '/auth/admin/security',
    '/auth/admin/profile',
    // Not impersonating anyone: the page says so.
    '/proxy-remove',
    '/proxy-rider/:rider',
    '/proxy-dealer/:dealer',
    '/proxy-promoter/:promoter',
  ],
};

/**
 * Pages reached only through a step, which the sweep's last test takes before scanning them:
 * a password that asks for a code next, an unverified sign-in, an upload held for its mapping,
 * a link from a mail, a destructive button's question, changes waiting for a second admin,
 * an authenticator being set up and its recovery codes (shown once, after the first code).
 */
export const STEPPED_PAGES: readonly string[] = [
  '/login-code',
  '/auth/email-verify',
  '/invitation?email=:email&token=:token',
  '/confirm (posted)',
  '/auth/promoter/event/:event/timing/:token',
  '/auth/admin/event/:event/timing/:token',
  '/auth/admin/approvals (changes waiting and decided)',
  '/auth/admin/security (setting up, recovery codes, on)',
];
