// Reads JSON lines {"doc": id, "text": ...} on stdin; writes {"doc": id, "spans": [[start, end, kind]]}
// with UTF-16 offsets (the caller converts to code points). Default options, as markdown-it uses it.
const LinkifyIt = require('linkify-it');
const readline = require('readline');
const lf = new LinkifyIt();
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line) return;
  const { doc, text } = JSON.parse(line);
  const ms = lf.match(text) || [];
  const spans = ms.map((m) => [m.index, m.lastIndex, m.schema === 'mailto:' || m.url.startsWith('mailto:') ? 'email' : 'url']);
  process.stdout.write(JSON.stringify({ doc, spans }) + '\n');
});
