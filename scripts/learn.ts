// `npm run learn -- TRAFFIC.har… [--format md|json] [--out FILE]`: what recorded traffic shows
// about the provider, against the bundled spec (tools/learn). Exit 0 when it only fills or adds
// to what the interface leaves open, 1 when anything contradicts the interface, 2 on a usage
// or input problem.
// `npm run learn -- TRAFFIC.har… --propose [--min-samples N] [--required-records N]
// [--required-answers N] [--required-recordings N]`: writes what the traffic carries into the
// spec's source under openapi/ for review (tools/learn/proposal); the same exit codes. A field
// is proposed required only when every record of at least --required-records (20), in at
// least --required-answers (2) answers on at least --required-recordings (2) recorded
// files, had it.
// `--redact FILE`: a JSON or YAML file `{ fields, headers, patterns }` of your own additions
// to the privacy policy every value of the report and the proposal goes through.
import { learnCommand } from '../tools/learn/command.ts';

process.exitCode = await learnCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
