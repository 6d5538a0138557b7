/**
 * Every translation, bundled (small enough to ship whole; no network fetch, works in scripts).
 * One JSON file per namespace and language. A new namespace is added here once.
 */
import enCommon from './en/common.json';
import enValidation from './en/validation.json';
import enAuth from './en/auth.json';
import enPublic from './en/public.json';
import enAdmin from './en/admin.json';
import enDealer from './en/dealer.json';
import enPromoter from './en/promoter.json';
import enRider from './en/rider.json';
import enVin from './en/vin.json';
import enEvents from './en/events.json';
import enRiderArea from './en/riderArea.json';
import enPayouts from './en/payouts.json';
import enMail from './en/mail.json';
import enReminders from './en/reminders.json';
import enTax from './en/tax.json';
import enCharts from './en/charts.json';
import enSecurity from './en/security.json';
import enRemoveRaces from './en/removeRaces.json';
import enAdminAddRider from './en/adminAddRider.json';
import enClaims from './en/claims.json';
import enReasons from './en/reasons.json';
import enCompletion from './en/completion.json';
import enTiming from './en/timing.json';
import enTitles from './en/titles.json';
import enNotices from './en/notices.json';
import enApi from './en/api.json';
import enMoneyControls from './en/moneyControls.json';
import enPinSafety from './en/pinSafety.json';
import enA11y from './en/a11y.json';
import enTwofactor from './en/twofactor.json';
import frCommon from './fr/common.json';
import frValidation from './fr/validation.json';
import frAuth from './fr/auth.json';
import frPublic from './fr/public.json';
import frAdmin from './fr/admin.json';
import frDealer from './fr/dealer.json';
import frPromoter from './fr/promoter.json';
import frRider from './fr/rider.json';
import frVin from './fr/vin.json';
import frEvents from './fr/events.json';
import frRiderArea from './fr/riderArea.json';
import frPayouts from './fr/payouts.json';
import frMail from './fr/mail.json';
import frReminders from './fr/reminders.json';
import frTax from './fr/tax.json';
import frCharts from './fr/charts.json';
import frSecurity from './fr/security.json';
import frRemoveRaces from './fr/removeRaces.json';
import frAdminAddRider from './fr/adminAddRider.json';
import frClaims from './fr/claims.json';
import frReasons from './fr/reasons.json';
import frCompletion from './fr/completion.json';
import frTiming from './fr/timing.json';
import frTitles from './fr/titles.json';
import frNotices from './fr/notices.json';
import frApi from './fr/api.json';
import frMoneyControls from './fr/moneyControls.json';
import frPinSafety from './fr/pinSafety.json';
import frA11y from './fr/a11y.json';
import frTwofactor from './fr/twofactor.json';

export const resources = {
  en: {
    common: enCommon,
    validation: enValidation,
    auth: enAuth,
    public: enPublic,
    admin: enAdmin,
    dealer: enDealer,
    promoter: enPromoter,
    rider: enRider,
    vin: enVin,
    events: enEvents,
    riderArea: enRiderArea,
    payouts: enPayouts,
    mail: enMail,
    reminders: enReminders,
    tax: enTax,
    charts: enCharts,
    security: enSecurity,
    removeRaces: enRemoveRaces,
    adminAddRider: enAdminAddRider,
    claims: enClaims,
    reasons: enReasons,
    completion: enCompletion,
    timing: enTiming,
    titles: enTitles,
    notices: enNotices,
    api: enApi,
    moneyControls: enMoneyControls,
    pinSafety: enPinSafety,
    a11y: enA11y,
    twofactor: enTwofactor,
  },
  fr: {
    common: frCommon,
    validation: frValidation,
    auth: frAuth,
    public: frPublic,
    admin: frAdmin,
    dealer: frDealer,
    promoter: frPromoter,
    rider: frRider,
    vin: frVin,
    events: frEvents,
    riderArea: frRiderArea,
    payouts: frPayouts,
    mail: frMail,
    reminders: frReminders,
    tax: frTax,
    charts: frCharts,
    security: frSecurity,
    removeRaces: frRemoveRaces,
    adminAddRider: frAdminAddRider,
    claims: frClaims,
    reasons: frReasons,
    completion: frCompletion,
    timing: frTiming,
    titles: frTitles,
    notices: frNotices,
    api: frApi,
    moneyControls: frMoneyControls,
    pinSafety: frPinSafety,
    a11y: frA11y,
    twofactor: frTwofactor,
  },
};

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
