// The spec's split source under openapi/, as a proposal edits it: YAML documents read once,
// edited in place (comments and layout kept) and written back only when changed, so that a
// reviewer reads a small git diff. A place in the bundled spec (`#/components/schemas/Swap`,
// `#/paths/~1api~1v1~1wallets/get`) is found in the source by the layout the bundle comes
// from: components in `components/<kind>/<Name>.yaml`, paths through the root file's `$ref`s,
// and inside a file every `$ref` to another file followed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isMap, parseDocument, type Document } from 'yaml';
import { pointerKey } from '../../../packages/sdk/src/spec/pointer.ts';

/** How this project's YAML is written; parsing and printing an untouched file gives it back byte for byte. */
const printOptions = { lineWidth: 0, flowCollectionPadding: false, singleQuote: true } as const;

/** A node of the source: the file it is in and the keys from that file's root. */
export type SourcePlace = { file: string; path: (string | number)[] };

export class SourceFiles {
  private readonly documents = new Map<string, { doc: Document; text: string }>();

  /** `root`: the split spec's root file (openapi/openapi.yaml). */
  constructor(readonly root: string) {}

  /** The parsed document of a file (absolute path), read once. */
  document(file: string): Document {
    let entry = this.documents.get(file);
    if (!entry) {
      const text = readFileSync(file, 'utf8');
      entry = { doc: parseDocument(text), text };
      this.documents.set(file, entry);
    }
    return entry.doc;
  }

  /** The plain value at a place. */
  valueAt(place: SourcePlace): unknown {
    const node = place.path.length === 0 ? this.document(place.file).contents : this.document(place.file).getIn(place.path, true);
    return (node as { toJSON?: () => unknown } | undefined)?.toJSON?.() ?? node;
  }

  /**
   * Where a place of the bundled spec is written. Throws, naming the pointer, when the source
   * has no such place (a layout this reader does not know).
   */
  locate(bundledPointer: string): SourcePlace {
    const segments = bundledPointer.replace(/^#\/?/, '').split('/').filter((s) => s !== '').map(pointerKey);
    let place: SourcePlace;
    let rest: string[];
    if (segments[0] === 'components' && segments.length >= 3) {
      const file = join(dirname(this.root), 'components', segments[1]!, `${segments[2]}.yaml`);
      if (!existsSync(file)) throw new Error(`the source has no file for ${bundledPointer} (looked for ${relative(process.cwd(), file)})`);
      place = { file, path: [] };
      rest = segments.slice(3);
    } else {
      place = { file: this.root, path: [] };
      rest = segments;
    }
    for (const segment of rest) place = this.follow({ file: place.file, path: [...place.path, segment] }, bundledPointer);
    return this.follow(place, bundledPointer);
  }

  /** A place whose node is `{$ref: other-file.yaml}` continues in that file. */
  private follow(place: SourcePlace, pointer: string): SourcePlace {
    const doc = this.document(place.file);
    const node = place.path.length === 0 ? doc.contents : doc.getIn(place.path, true);
    if (node === undefined) throw new Error(`the source has nothing at ${pointer} (${relative(process.cwd(), place.file)} ${place.path.join('.')})`);
    if (isMap(node) && node.items.length === 1 && node.has('$ref')) {
      const ref = String(node.get('$ref'));
      if (!ref.startsWith('#')) {
        const [target, fragment] = ref.split('#') as [string, string | undefined];
        const file = resolve(dirname(place.file), target);
        const path = (fragment ?? '').split('/').filter((s) => s !== '').map(pointerKey);
        return this.follow({ file, path }, pointer);
      }
    }
    return place;
  }

  /** The path of `to` as a `$ref` written in `from`. */
  refFrom(from: string, to: string): string {
    return relative(dirname(from), to);
  }

  /** Writes the files whose documents changed; returns their paths. */
  save(): string[] {
    const written: string[] = [];
    for (const [file, { doc, text }] of this.documents) {
      const fresh = doc.toString(printOptions);
      if (fresh === text) continue;
      writeFileSync(file, fresh);
      written.push(file);
    }
    return written;
  }
}
