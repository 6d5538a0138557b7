/**
 * The maker's VIN pattern allow-list: every row of the shared fixture vin-patterns.csv, copied
 * here as data (a real install has no shared/ folder). Maker KTM, WMI 'VBK'; '*' matches any one
 * character. Position 10 is the model-year letter (docs/rules.md), position 9 the check digit.
 */
export type SeedVinPattern = { model: string; year: number; pattern: string };

export const SEED_VIN_MAKE = 'KTM';

export const SEED_VIN_PATTERNS: SeedVinPattern[] = [
  { model: '450 SX-F', year: 2021, pattern: 'VBKSXF45*MM******' },
  { model: '450 SX-F', year: 2022, pattern: 'VBKSXF45*NM******' },
  { model: '450 SX-F', year: 2023, pattern: 'VBKSXF45*PM******' },
  { model: '450 SX-F', year: 2024, pattern: 'VBKSXF45*RM******' },
  { model: '450 SX-F', year: 2025, pattern: 'VBKSXF45*SM******' },
  { model: '450 XC-F', year: 2021, pattern: 'VBKXCF45*MM******' },
  { model: '450 XC-F', year: 2022, pattern: 'VBKXCF45*NM******' },
  { model: '450 XC-F', year: 2023, pattern: 'VBKXCF45*PM******' },
  { model: '450 XC-F', year: 2024, pattern: 'VBKXCF45*RM******' },
  { model: '450 XC-F', year: 2025, pattern: 'VBKXCF45*SM******' },
  { model: '450 XC-F W', year: 2021, pattern: 'VBKXCW45*MM******' },
  { model: '450 XC-F W', year: 2022, pattern: 'VBKXCW45*NM******' },
  { model: '450 XC-F W', year: 2023, pattern: 'VBKXCW45*PM******' },
  { model: '450 XC-F W', year: 2024, pattern: 'VBKXCW45*RM******' },
  { model: '450 XC-F W', year: 2025, pattern: 'VBKXCW45*SM******' },
  { model: '450 SMR', year: 2021, pattern: 'VBKSMR45*MM******' },
  { model: '450 SMR', year: 2022, pattern: 'VBKSMR45*NM******' },
  { model: '450 SMR', year: 2023, pattern: 'VBKSMR45*PM******' },
  { model: '450 SMR', year: 2024, pattern: 'VBKSMR45*RM******' },
  { model: '450 SMR', year: 2025, pattern: 'VBKSMR45*SM******' },
  { model: '890 Duke R', year: 2021, pattern: 'VBKDUK89*MM******' },
  { model: '890 Duke R', year: 2022, pattern: 'VBKDUK89*NM******' },
  { model: '890 Duke R', year: 2023, pattern: 'VBKDUK89*PM******' },
  { model: '890 Duke R', year: 2024, pattern: 'VBKDUK89*RM******' },
  { model: '890 Duke R', year: 2025, pattern: 'VBKDUK89*SM******' },
  { model: '790 Duke', year: 2021, pattern: 'VBKDUK79*MM******' },
  { model: '790 Duke', year: 2022, pattern: 'VBKDUK79*NM******' },
  { model: '790 Duke', year: 2023, pattern: 'VBKDUK79*PM******' },
  { model: '790 Duke', year: 2024, pattern: 'VBKDUK79*RM******' },
  { model: '790 Duke', year: 2025, pattern: 'VBKDUK79*SM******' },
  { model: '300 XC', year: 2021, pattern: 'VBKXC300*MM******' },
  { model: '300 XC', year: 2022, pattern: 'VBKXC300*NM******' },
  { model: '300 XC', year: 2023, pattern: 'VBKXC300*PM******' },
  { model: '300 XC', year: 2024, pattern: 'VBKXC300*RM******' },
  { model: '300 XC', year: 2025, pattern: 'VBKXC300*SM******' },
  { model: '250 SX-F', year: 2021, pattern: 'VBKSXF25*MM******' },
  { model: '250 SX-F', year: 2022, pattern: 'VBKSXF25*NM******' },
  { model: '250 SX-F', year: 2023, pattern: 'VBKSXF25*PM******' },
  { model: '250 SX-F', year: 2024, pattern: 'VBKSXF25*RM******' },
  { model: '250 SX-F', year: 2025, pattern: 'VBKSXF25*SM******' },
];
