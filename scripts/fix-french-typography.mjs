#!/usr/bin/env node
/**
 * Fixes the French locale files (locales/fr/*.json) in place, and can be run again at any time
 * (it changes nothing on fixed text). See docs/glossary.md.
 *
 * - Typography: a non-breaking space (U+00A0) before : ; ! ? when the sign ends a word (followed
 *   by a space, a closing sign or the end of the string), before %, and inside « »; the
 *   typographic apostrophe ’ (U+2019) instead of the straight one.
 * - Glossary: "coureur(s)", "coureuse(s)" → "pilote(s)" (pilote is both genders).
 * - Class vs category: when the English string of the same key speaks of a class and not of a
 *   category, "catégorie(s)" → "classe(s)" (both feminine: agreement unchanged).
 *
 * Usage: node scripts/fix-french-typography.mjs [--check]   (--check: list, change nothing, exit 1 if any)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** Typography of one French string. */
export function fixTypography(s) {
  let out = s;
  // Plain spaces (and tabs) before a high sign that ends a word → one NBSP.
  out = out.replace(/[ \t]+([:;!?])(?=$|[\s»"')\]])/g, `${NBSP}$1`);
  // No space at all before such a sign (after a letter, digit, closing sign or placeholder).
  out = out.replace(/([\p{L}\p{N}»)\]}%.…])([:;!?])(?=$|[\s»"')\]])/gu, (m, before, sign) =>
    before === '.' && sign !== ':' ? m : `${before}${NBSP}${sign}`,
  );
  // Repeated signs ("?!") keep only one space, before the first.
  out = out.replace(new RegExp(`([!?])${NBSP}([!?])`, 'g'), '$1$2');
  // A no-break space before the percent sign ('30 %', '{{percent}} %').
  out = out.replace(/(?:[ \t]+|(?<=[\p{N}}]))%/gu, `${NBSP}%`);
  // The typographic apostrophe (’), never the straight one.
  out = out.replace(/'/g, '\u2019');
  // Inside guillemets.
  out = out.replace(/«[ \t\u00a0\u202f]*/g, (m) => (m.includes(NNBSP) ? `«${NNBSP}` : `«${NBSP}`));
  out = out.replace(/[ \t\u00a0\u202f]*»/g, (m) => (m.includes(NNBSP) ? `${NNBSP}»` : `${NBSP}»`));
  return out;
}

/** "coureur" and its forms → "pilote", keeping the capital. */
export function fixRiderWord(s) {
  return s.replace(
    /\b([Cc])oureu(?:r|se)(s?)\b/g,
    (_m, c, plural) => `${c === 'C' ? 'P' : 'p'}ilote${plural}`,
  );
}

const CLASS_EN = /\bclass(?:es)?\b/i;
const CATEGORY_EN = /\bcategor(?:y|ies)\b/i;

/** "catégorie" → "classe" when the English string is about a race class (not a category). */
export function fixClassWord(fr, en) {
  if (typeof en !== 'string' || !CLASS_EN.test(en) || CATEGORY_EN.test(en)) return fr;
  return fr.replace(
    /\b([Cc])atégorie(s?)\b/g,
    (_m, c, plural) => `${c === 'C' ? 'C' : 'c'}lasse${plural}`,
  );
}

function walk(fr, en, fix) {
  if (typeof fr === 'string') return fix(fr, en);
  if (Array.isArray(fr))
    return fr.map((v, i) => walk(v, Array.isArray(en) ? en[i] : undefined, fix));
  if (fr && typeof fr === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(fr))
      out[k] = walk(v, en && typeof en === 'object' ? en[k] : undefined, fix);
    return out;
  }
  return fr;
}

export function fixString(fr, en) {
  return fixTypography(fixClassWord(fixRiderWord(fr), en));
}

function main() {
  const check = process.argv.includes('--check');
  const frDir = path.join(root, 'locales', 'fr');
  let changedFiles = 0;
  for (const file of fs
    .readdirSync(frDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const frPath = path.join(frDir, file);
    const enPath = path.join(root, 'locales', 'en', file);
    const before = fs.readFileSync(frPath, 'utf8');
    const en = fs.existsSync(enPath) ? JSON.parse(fs.readFileSync(enPath, 'utf8')) : undefined;
    const after = `${JSON.stringify(walk(JSON.parse(before), en, fixString), null, 2)}\n`;
    if (after === before) continue;
    changedFiles++;
    const a = before.split('\n');
    const b = after.split('\n');
    const lines = b.filter((line, i) => line !== a[i]).length;
    console.log(`${check ? 'would fix' : 'fixed'} locales/fr/${file} (${lines} line(s))`);
    if (!check) fs.writeFileSync(frPath, after);
  }
  if (!changedFiles) console.log('French locales: nothing to fix.');
  if (check && changedFiles) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
