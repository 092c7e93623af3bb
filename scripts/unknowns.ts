// Prints every "not published by the provider" marker of the bundled spec as a Markdown
// checklist. Usage: npm run unknowns [> unknowns.md]
import { loadBundledDocument } from '../packages/sandbox/src/spec/document.ts';
import { collectUnknowns, unknownsChecklist } from '../tools/spec/unknowns.ts';

process.stdout.write(unknownsChecklist(collectUnknowns(loadBundledDocument())));
