// npm run docs: builds dist/docs/index.html, a single self-contained HTML file.
import { relative } from 'node:path';
import { buildDocs } from '../tools/docs/build.ts';

const path = await buildDocs();
process.stdout.write(`Docs: ${relative(process.cwd(), path)}\n`);
