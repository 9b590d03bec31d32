// pzprjs's own writeNumber16 + genericEncodeNumber16, lifted out of Encode.js, on the puzzles of stdin
const src = require('fs').readFileSync('Encode.js','utf8');
function grab(name){ const i = src.indexOf(name + ': function'); let j = src.indexOf('{', i), d=0, k=j;
  for(;k<src.length;k++){ if(src[k]=='{')d++; else if(src[k]=='}'){d--; if(!d)break;} } return 'function' + src.slice(src.indexOf('(', i), k+1); }
const enc = { outbstr: '' };
enc.writeNumber16 = eval('(' + grab('writeNumber16') + ')');
enc.genericEncodeNumber16 = eval('(' + grab('genericEncodeNumber16') + ')');
const lines = require('fs').readFileSync(0,'utf8').trim().split('\n');
for (const line of lines) { const p = JSON.parse(line); const n = p.clues.upper.length;
  const ex = [...p.clues.upper, ...p.clues.lower, ...p.clues.left, ...p.clues.right].map(v => v || -1);
  const cells = p.cells.flat().map(v => v || -1);
  enc.outbstr = ''; enc.genericEncodeNumber16(ex.length, c => ex[c]);
  if (cells.some(v => v !== -1)) enc.genericEncodeNumber16(cells.length, c => cells[c]);
  console.log('https://puzz.link/p?skyscrapers/' + n + '/' + n + '/' + enc.outbstr); }
