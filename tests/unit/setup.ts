/** Unit tests run against temporary folders, never the developer's data/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-unit-'));
process.env.DATABASE_PATH ??= path.join(dir, 'app.db');
process.env.MAIL_OUTBOX ??= path.join(dir, 'outbox');
process.env.UPLOAD_DIR ??= path.join(dir, 'uploads');
process.env.SESSION_SECRET ??= 'unit-test-secret-0123456789abcdef';
process.env.NODE_ENV ??= 'test';
// Expected failures (mail retries, refused requests) log warnings: keep the test output quiet.
process.env.LOG_LEVEL ??= 'error';
