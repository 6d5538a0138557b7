/**
 * An upload that takes more than a second says so in the browser — the file's name and
 * size, a progress bar, the seconds gone — and the message goes once the answer is in. The request
 * is held back by the test (2.5 s) so the upload takes long on any machine; the file is refused
 * (a bad pattern), so nothing is stored. English and French, with JavaScript (without it the
 * browser's own loading indicator is the progress).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, newPage, prefix, settled, useBrowser } from './helpers';

const browser = useBrowser();

function slowFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-upload-progress-'));
  const file = path.join(dir, 'patterns-progress.csv');
  fs.writeFileSync(file, 'Model,Year,Pattern\nProgress test,2024,NOT-A-PATTERN\n');
  return file;
}

describe('upload progress', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`a slow VIN pattern upload shows its progress, then the answer (${lang})`, async () => {
      const { context, page } = await newPage(browser());
      try {
        await signIn(page, DEMO.admin, undefined, lang);
        await page.goto(`${prefix(lang)}/auth/admin/vin-patterns`);
        await settled(page);
        await page.route('**/*', async (route) => {
          if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 2500));
          await route.continue();
        });
        const file = slowFile();
        await page.locator('input[type="file"][name="file"]').setInputFiles(file);
        await page.locator('form[enctype="multipart/form-data"] button[type="submit"]').click();
        const progress = page.getByTestId('upload-progress');
        await progress.waitFor({ timeout: 5000 });
        const text = await progress.innerText();
        expect(text).toContain('patterns-progress.csv');
        expect(text).toMatch(
          lang === 'fr' ? /Envoi et lecture de .*\(\d+ kB\)/ : /Sending and reading .*\(\d+ kB\)/,
        );
        await expect.poll(() => progress.count(), { timeout: 15_000 }).toBe(0);
        await page.getByTestId('import-errors').waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
