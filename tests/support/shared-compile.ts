// TypeScript projects compiled in this process, as `tsc -p` would compile them, with every
// declaration file parsed and bound once for all of them. tests/packages-typescript.test.ts compiles one
// consumer under five module settings and checks the packed declarations twice more; each
// separate tsc spent most of its time parsing and binding the same lib files, @types/node
// and packed declarations, and only a fraction checking the consumer.
import ts from 'typescript';

/** Parsed (and, once a checker has used them, bound) declaration files, shared between programs. */
export type DeclarationCache = Map<string, ts.SourceFile>;

// Options that decide which files a program reads, how deep its checker looks, or what it
// emits, but not how a declaration file is parsed or bound: programs differing only in these
// share a parsed file. (A file's module format, the one thing module resolution changes in
// the parse, is part of the cache key.) Every other option, set or not, is in the key.
const sharedAcross = new Set(['module', 'moduleResolution', 'skipLibCheck', 'noEmit', 'outDir', 'types', 'configFilePath']);

const declarationFile = /\.d\.[cm]?ts$/;

function optionsKey(options: ts.CompilerOptions): string {
  const kept = Object.entries(options).filter(([name]) => !sharedAcross.has(name));
  return JSON.stringify(kept.sort(([a], [b]) => a.localeCompare(b)));
}

/** A compiler host that takes declaration files from `cache`; other files (the consumers, whose module detection depends on the options) are parsed per program. */
export function sharingHost(options: ts.CompilerOptions, cache: DeclarationCache): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  const settings = optionsKey(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (!declarationFile.test(fileName)) return parse(fileName, languageVersionOrOptions, onError, shouldCreate);
    const { languageVersion, impliedNodeFormat, jsDocParsingMode } = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions, impliedNodeFormat: undefined, jsDocParsingMode: undefined };
    const key = JSON.stringify([fileName, languageVersion, impliedNodeFormat ?? null, jsDocParsingMode ?? null, settings]);
    let file = cache.get(key);
    if (!file) {
      file = parse(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file) cache.set(key, file);
    }
    return file;
  };
  return host;
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** Compiles (and emits, unless the project says noEmit) the project of a tsconfig file: 'ok', or the errors as tsc prints them. */
export function compileProject(tsconfig: string, cache: DeclarationCache): string {
  let unreadable: ts.Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => void (unreadable = diagnostic) });
  if (!parsed) return ts.formatDiagnostics(unreadable ? [unreadable] : [], formatHost) || `${tsconfig} cannot be read`;
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: sharingHost(parsed.options, cache),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  return diagnostics.length === 0 ? 'ok' : ts.formatDiagnostics(diagnostics, formatHost);
}
