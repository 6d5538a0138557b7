/** Demo accounts the seed creates (listed in the README; used by the browser tests). */
export const DEMO_PASSWORD = 'Password123';

export const DEMO = {
  admin: 'admin@contingency.test',
  dealer: 'dealer@contingency.test',
  promoter: 'promoter@contingency.test',
  rider: 'rider@contingency.test', // amateur, valid bike, dealer credit
  pro: 'pro@contingency.test', // pro, valid bike, cash awards
  unverified: 'unverified@contingency.test', // rider whose e-mail is not verified yet
  noBike: 'nobike@contingency.test', // verified rider with an invalid bike
  deactivated: 'deactivated@contingency.test', // deactivated rider
} as const;
