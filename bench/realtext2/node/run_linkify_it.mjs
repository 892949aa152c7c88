// Reads JSON lines {"doc": id, "text": ...} on stdin; writes {"doc": id, "spans": [[start, end, kind]]}
// with UTF-16 offsets (the caller converts to code points). Default options (6.x: fuzzyLink off);
// --fuzzy turns fuzzyLink on (bare domains), as 5.x did by default.
import { LinkifyIt } from 'linkify-it';
import readline from 'node:readline';
const lf = new LinkifyIt(process.argv[2] === '--fuzzy' ? { fuzzyLink: true } : {});
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line) return;
  const { doc, text } = JSON.parse(line);
  const ms = lf.match(text) || [];
  const spans = ms.map((m) => [m.index, m.lastIndex, m.schema === 'mailto:' || m.url.startsWith('mailto:') ? 'email' : 'url']);
  process.stdout.write(JSON.stringify({ doc, spans }) + '\n');
});
