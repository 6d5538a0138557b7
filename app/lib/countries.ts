/**
 * Countries (ISO 3166-1 alpha-2) with English and French labels, and the regions of the US
 * (50 states, DC, Puerto Rico) and Canada (13 provinces and territories). A static list, so
 * the server and the browser render the same names (no ICU differences, no hydration mismatch).
 */
import type { Lang } from './lang';
import { byPlaceName, CA_REGIONS, US_REGIONS } from './regions';

/** A state, province or territory. */
export type Region = { label: string; labelFr: string; code: string };

/** A country and its regions (empty for countries other than the US and Canada). */
export type Country = { label: string; labelFr: string; code: string; regions: Region[] };

/** [code, English, French] rows for every other ISO 3166-1 country, sorted by English name. */
const OTHER_COUNTRIES: [string, string, string][] = [
  ['AF', 'Afghanistan', 'Afghanistan'],
  ['AX', 'Åland Islands', 'Îles Åland'],
  ['AL', 'Albania', 'Albanie'],
  ['DZ', 'Algeria', 'Algérie'],
  ['AS', 'American Samoa', 'Samoa américaines'],
  ['AD', 'Andorra', 'Andorre'],
  ['AO', 'Angola', 'Angola'],
  ['AI', 'Anguilla', 'Anguilla'],
  ['AQ', 'Antarctica', 'Antarctique'],
  ['AG', 'Antigua and Barbuda', 'Antigua-et-Barbuda'],
  ['AR', 'Argentina', 'Argentine'],
  ['AM', 'Armenia', 'Arménie'],
  ['AW', 'Aruba', 'Aruba'],
  ['AU', 'Australia', 'Australie'],
  ['AT', 'Austria', 'Autriche'],
  ['AZ', 'Azerbaijan', 'Azerbaïdjan'],
  ['BS', 'Bahamas', 'Bahamas'],
  ['BH', 'Bahrain', 'Bahreïn'],
  ['BD', 'Bangladesh', 'Bangladesh'],
  ['BB', 'Barbados', 'Barbade'],
  ['BY', 'Belarus', 'Biélorussie'],
  ['BE', 'Belgium', 'Belgique'],
  ['BZ', 'Belize', 'Belize'],
  ['BJ', 'Benin', 'Bénin'],
  ['BM', 'Bermuda', 'Bermudes'],
  ['BT', 'Bhutan', 'Bhoutan'],
  ['BO', 'Bolivia', 'Bolivie'],
  ['BA', 'Bosnia and Herzegovina', 'Bosnie-Herzégovine'],
  ['BW', 'Botswana', 'Botswana'],
  ['BV', 'Bouvet Island', 'Île Bouvet'],
  ['BR', 'Brazil', 'Brésil'],
  ['IO', 'British Indian Ocean Territory', 'Territoire britannique de l’océan Indien'],
  ['VG', 'British Virgin Islands', 'Îles Vierges britanniques'],
  ['BN', 'Brunei', 'Brunei'],
  ['BG', 'Bulgaria', 'Bulgarie'],
  ['BF', 'Burkina Faso', 'Burkina Faso'],
  ['BI', 'Burundi', 'Burundi'],
  ['KH', 'Cambodia', 'Cambodge'],
  ['CM', 'Cameroon', 'Cameroun'],
  ['CV', 'Cape Verde', 'Cap-Vert'],
  ['BQ', 'Caribbean Netherlands', 'Pays-Bas caribéens'],
  ['KY', 'Cayman Islands', 'Îles Caïmans'],
  ['CF', 'Central African Republic', 'République centrafricaine'],
  ['TD', 'Chad', 'Tchad'],
  ['CL', 'Chile', 'Chili'],
  ['CN', 'China', 'Chine'],
  ['CX', 'Christmas Island', 'Île Christmas'],
  ['CC', 'Cocos (Keeling) Islands', 'Îles Cocos'],
  ['CO', 'Colombia', 'Colombie'],
  ['KM', 'Comoros', 'Comores'],
  ['CG', 'Congo (Brazzaville)', 'Congo (Brazzaville)'],
  ['CD', 'Congo (Kinshasa)', 'Congo (Kinshasa)'],
  ['CK', 'Cook Islands', 'Îles Cook'],
  ['CR', 'Costa Rica', 'Costa Rica'],
  ['CI', 'Côte d’Ivoire', 'Côte d’Ivoire'],
  ['HR', 'Croatia', 'Croatie'],
  ['CU', 'Cuba', 'Cuba'],
  ['CW', 'Curaçao', 'Curaçao'],
  ['CY', 'Cyprus', 'Chypre'],
  ['CZ', 'Czechia', 'Tchéquie'],
  ['DK', 'Denmark', 'Danemark'],
  ['DJ', 'Djibouti', 'Djibouti'],
  ['DM', 'Dominica', 'Dominique'],
  ['DO', 'Dominican Republic', 'République dominicaine'],
  ['EC', 'Ecuador', 'Équateur'],
  ['EG', 'Egypt', 'Égypte'],
  ['SV', 'El Salvador', 'Salvador'],
  ['GQ', 'Equatorial Guinea', 'Guinée équatoriale'],
  ['ER', 'Eritrea', 'Érythrée'],
  ['EE', 'Estonia', 'Estonie'],
  ['SZ', 'Eswatini', 'Eswatini'],
  ['ET', 'Ethiopia', 'Éthiopie'],
  ['FK', 'Falkland Islands', 'Îles Malouines'],
  ['FO', 'Faroe Islands', 'Îles Féroé'],
  ['FJ', 'Fiji', 'Fidji'],
  ['FI', 'Finland', 'Finlande'],
  ['FR', 'France', 'France'],
  ['GF', 'French Guiana', 'Guyane française'],
  ['PF', 'French Polynesia', 'Polynésie française'],
  ['TF', 'French Southern Territories', 'Terres australes françaises'],
  ['GA', 'Gabon', 'Gabon'],
  ['GM', 'Gambia', 'Gambie'],
  ['GE', 'Georgia', 'Géorgie'],
  ['DE', 'Germany', 'Allemagne'],
  ['GH', 'Ghana', 'Ghana'],
  ['GI', 'Gibraltar', 'Gibraltar'],
  ['GR', 'Greece', 'Grèce'],
  ['GL', 'Greenland', 'Groenland'],
  ['GD', 'Grenada', 'Grenade'],
  ['GP', 'Guadeloupe', 'Guadeloupe'],
  ['GU', 'Guam', 'Guam'],
  ['GT', 'Guatemala', 'Guatemala'],
  ['GG', 'Guernsey', 'Guernesey'],
  ['GN', 'Guinea', 'Guinée'],
  ['GW', 'Guinea-Bissau', 'Guinée-Bissau'],
  ['GY', 'Guyana', 'Guyana'],
  ['HT', 'Haiti', 'Haïti'],
  ['HM', 'Heard and McDonald Islands', 'Îles Heard-et-MacDonald'],
  ['HN', 'Honduras', 'Honduras'],
  ['HK', 'Hong Kong', 'Hong Kong'],
  ['HU', 'Hungary', 'Hongrie'],
  ['IS', 'Iceland', 'Islande'],
  ['IN', 'India', 'Inde'],
  ['ID', 'Indonesia', 'Indonésie'],
  ['IR', 'Iran', 'Iran'],
  ['IQ', 'Iraq', 'Irak'],
  ['IE', 'Ireland', 'Irlande'],
  ['IM', 'Isle of Man', 'Île de Man'],
  ['IL', 'Israel', 'Israël'],
  ['IT', 'Italy', 'Italie'],
  ['JM', 'Jamaica', 'Jamaïque'],
  ['JP', 'Japan', 'Japon'],
  ['JE', 'Jersey', 'Jersey'],
  ['JO', 'Jordan', 'Jordanie'],
  ['KZ', 'Kazakhstan', 'Kazakhstan'],
  ['KE', 'Kenya', 'Kenya'],
  ['KI', 'Kiribati', 'Kiribati'],
  ['KW', 'Kuwait', 'Koweït'],
  ['KG', 'Kyrgyzstan', 'Kirghizstan'],
  ['LA', 'Laos', 'Laos'],
  ['LV', 'Latvia', 'Lettonie'],
  ['LB', 'Lebanon', 'Liban'],
  ['LS', 'Lesotho', 'Lesotho'],
  ['LR', 'Liberia', 'Liberia'],
  ['LY', 'Libya', 'Libye'],
  ['LI', 'Liechtenstein', 'Liechtenstein'],
  ['LT', 'Lithuania', 'Lituanie'],
  ['LU', 'Luxembourg', 'Luxembourg'],
  ['MO', 'Macao', 'Macao'],
  ['MG', 'Madagascar', 'Madagascar'],
  ['MW', 'Malawi', 'Malawi'],
  ['MY', 'Malaysia', 'Malaisie'],
  ['MV', 'Maldives', 'Maldives'],
  ['ML', 'Mali', 'Mali'],
  ['MT', 'Malta', 'Malte'],
  ['MH', 'Marshall Islands', 'Îles Marshall'],
  ['MQ', 'Martinique', 'Martinique'],
  ['MR', 'Mauritania', 'Mauritanie'],
  ['MU', 'Mauritius', 'Maurice'],
  ['YT', 'Mayotte', 'Mayotte'],
  ['MX', 'Mexico', 'Mexique'],
  ['FM', 'Micronesia', 'Micronésie'],
  ['MD', 'Moldova', 'Moldavie'],
  ['MC', 'Monaco', 'Monaco'],
  ['MN', 'Mongolia', 'Mongolie'],
  ['ME', 'Montenegro', 'Monténégro'],
  ['MS', 'Montserrat', 'Montserrat'],
  ['MA', 'Morocco', 'Maroc'],
  ['MZ', 'Mozambique', 'Mozambique'],
  ['MM', 'Myanmar (Burma)', 'Myanmar (Birmanie)'],
  ['NA', 'Namibia', 'Namibie'],
  ['NR', 'Nauru', 'Nauru'],
  ['NP', 'Nepal', 'Népal'],
  ['NL', 'Netherlands', 'Pays-Bas'],
  ['NC', 'New Caledonia', 'Nouvelle-Calédonie'],
  ['NZ', 'New Zealand', 'Nouvelle-Zélande'],
  ['NI', 'Nicaragua', 'Nicaragua'],
  ['NE', 'Niger', 'Niger'],
  ['NG', 'Nigeria', 'Nigeria'],
  ['NU', 'Niue', 'Niue'],
  ['NF', 'Norfolk Island', 'Île Norfolk'],
  ['KP', 'North Korea', 'Corée du Nord'],
  ['MK', 'North Macedonia', 'Macédoine du Nord'],
  ['MP', 'Northern Mariana Islands', 'Îles Mariannes du Nord'],
  ['NO', 'Norway', 'Norvège'],
  ['OM', 'Oman', 'Oman'],
  ['PK', 'Pakistan', 'Pakistan'],
  ['PW', 'Palau', 'Palaos'],
  ['PS', 'Palestine', 'Palestine'],
  ['PA', 'Panama', 'Panama'],
  ['PG', 'Papua New Guinea', 'Papouasie-Nouvelle-Guinée'],
  ['PY', 'Paraguay', 'Paraguay'],
  ['PE', 'Peru', 'Pérou'],
  ['PH', 'Philippines', 'Philippines'],
  ['PN', 'Pitcairn Islands', 'Îles Pitcairn'],
  ['PL', 'Poland', 'Pologne'],
  ['PT', 'Portugal', 'Portugal'],
  ['PR', 'Puerto Rico', 'Porto Rico'],
  ['QA', 'Qatar', 'Qatar'],
  ['RE', 'Réunion', 'La Réunion'],
  ['RO', 'Romania', 'Roumanie'],
  ['RU', 'Russia', 'Russie'],
  ['RW', 'Rwanda', 'Rwanda'],
  ['BL', 'Saint Barthélemy', 'Saint-Barthélemy'],
  ['SH', 'Saint Helena', 'Sainte-Hélène'],
  ['KN', 'Saint Kitts and Nevis', 'Saint-Christophe-et-Niévès'],
  ['LC', 'Saint Lucia', 'Sainte-Lucie'],
  ['MF', 'Saint Martin', 'Saint-Martin'],
  ['PM', 'Saint Pierre and Miquelon', 'Saint-Pierre-et-Miquelon'],
  ['VC', 'Saint Vincent and Grenadines', 'Saint-Vincent-et-les Grenadines'],
  ['WS', 'Samoa', 'Samoa'],
  ['SM', 'San Marino', 'Saint-Marin'],
  ['ST', 'São Tomé and Príncipe', 'Sao Tomé-et-Principe'],
  ['SA', 'Saudi Arabia', 'Arabie saoudite'],
  ['SN', 'Senegal', 'Sénégal'],
  ['RS', 'Serbia', 'Serbie'],
  ['SC', 'Seychelles', 'Seychelles'],
  ['SL', 'Sierra Leone', 'Sierra Leone'],
  ['SG', 'Singapore', 'Singapour'],
  ['SX', 'Sint Maarten', 'Saint-Martin (partie néerlandaise)'],
  ['SK', 'Slovakia', 'Slovaquie'],
  ['SI', 'Slovenia', 'Slovénie'],
  ['SB', 'Solomon Islands', 'Îles Salomon'],
  ['SO', 'Somalia', 'Somalie'],
  ['ZA', 'South Africa', 'Afrique du Sud'],
  ['GS', 'South Georgia and South Sandwich Islands', 'Géorgie du Sud-et-les Îles Sandwich du Sud'],
  ['KR', 'South Korea', 'Corée du Sud'],
  ['SS', 'South Sudan', 'Soudan du Sud'],
  ['ES', 'Spain', 'Espagne'],
  ['LK', 'Sri Lanka', 'Sri Lanka'],
  ['SD', 'Sudan', 'Soudan'],
  ['SR', 'Suriname', 'Suriname'],
  ['SJ', 'Svalbard and Jan Mayen', 'Svalbard et Jan Mayen'],
  ['SE', 'Sweden', 'Suède'],
  ['CH', 'Switzerland', 'Suisse'],
  ['SY', 'Syria', 'Syrie'],
  ['TW', 'Taiwan', 'Taïwan'],
  ['TJ', 'Tajikistan', 'Tadjikistan'],
  ['TZ', 'Tanzania', 'Tanzanie'],
  ['TH', 'Thailand', 'Thaïlande'],
  ['TL', 'Timor-Leste', 'Timor oriental'],
  ['TG', 'Togo', 'Togo'],
  ['TK', 'Tokelau', 'Tokelau'],
  ['TO', 'Tonga', 'Tonga'],
  ['TT', 'Trinidad and Tobago', 'Trinité-et-Tobago'],
  ['TN', 'Tunisia', 'Tunisie'],
  ['TR', 'Türkiye', 'Turquie'],
  ['TM', 'Turkmenistan', 'Turkménistan'],
  ['TC', 'Turks and Caicos Islands', 'Îles Turques-et-Caïques'],
  ['TV', 'Tuvalu', 'Tuvalu'],
  ['UG', 'Uganda', 'Ouganda'],
  ['UA', 'Ukraine', 'Ukraine'],
  ['AE', 'United Arab Emirates', 'Émirats arabes unis'],
  ['GB', 'United Kingdom', 'Royaume-Uni'],
  ['UM', 'United States Minor Outlying Islands', 'Îles mineures éloignées des États-Unis'],
  ['VI', 'United States Virgin Islands', 'Îles Vierges des États-Unis'],
  ['UY', 'Uruguay', 'Uruguay'],
  ['UZ', 'Uzbekistan', 'Ouzbékistan'],
  ['VU', 'Vanuatu', 'Vanuatu'],
  ['VA', 'Vatican City', 'État de la Cité du Vatican'],
  ['VE', 'Venezuela', 'Venezuela'],
  ['VN', 'Vietnam', 'Viêt Nam'],
  ['WF', 'Wallis and Futuna', 'Wallis-et-Futuna'],
  ['EH', 'Western Sahara', 'Sahara occidental'],
  ['YE', 'Yemen', 'Yémen'],
  ['ZM', 'Zambia', 'Zambie'],
  ['ZW', 'Zimbabwe', 'Zimbabwe'],
];

/** Builds region objects from [code, English, French] rows. */
function toRegions(rows: [string, string, string][]): Region[] {
  return rows.map(([code, label, labelFr]) => ({ code, label, labelFr }));
}

/** Every country: the US and Canada first, then the rest by English name. */
export const COUNTRIES: Country[] = [
  { code: 'US', label: 'United States', labelFr: 'États-Unis', regions: toRegions(US_REGIONS) },
  { code: 'CA', label: 'Canada', labelFr: 'Canada', regions: toRegions(CA_REGIONS) },
  ...OTHER_COUNTRIES.map(([code, label, labelFr]) => ({ code, label, labelFr, regions: [] })),
];

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The country with this ISO code (case-insensitive), or undefined. */
export function countryByCode(code: string | null | undefined): Country | undefined {
  return code ? BY_CODE.get(code.trim().toUpperCase()) : undefined;
}

/** The regions of a country (empty for unknown countries and those without regions). */
export function regionsFor(code: string | null | undefined): Region[] {
  return countryByCode(code)?.regions ?? [];
}

/** True when the country exists and the region is one of its regions; countries without a region list accept any (free-text) region. */
export function isValidRegion(
  country: string | null | undefined,
  region: string | null | undefined,
): boolean {
  const found = countryByCode(country);
  if (!found) return false;
  const value = (region ?? '').trim().toUpperCase();
  if (found.regions.length === 0) return true;
  return found.regions.some((r) => r.code === value);
}

/** The country's name in a language, or the code itself when unknown. */
export function countryLabel(code: string | null | undefined, lang: Lang = 'en'): string {
  const found = countryByCode(code);
  if (!found) return code ?? '';
  return lang === 'fr' ? found.labelFr : found.label;
}

/** The region's name in a language, or the code itself when unknown. */
export function regionLabel(
  country: string | null | undefined,
  region: string | null | undefined,
  lang: Lang = 'en',
): string {
  const value = (region ?? '').trim().toUpperCase();
  const found = regionsFor(country).find((r) => r.code === value);
  if (!found) return region ?? '';
  return lang === 'fr' ? found.labelFr : found.label;
}

/** Countries as select options in a language: US and Canada first, the rest sorted by name (once). */
export function countryOptions(lang: Lang = 'en'): readonly { value: string; label: string }[] {
  const pick = (c: Country) => ({ value: c.code, label: lang === 'fr' ? c.labelFr : c.label });
  const sorted = () => byPlaceName(COUNTRIES.slice(2).map(pick), lang);
  return (sortedOptions[lang] ??= Object.freeze([...COUNTRIES.slice(0, 2).map(pick), ...sorted()]));
}
const sortedOptions: Partial<Record<Lang, readonly { value: string; label: string }[]>> = {};
