"""The play page's inline CSS and JavaScript (no network: everything it needs is here).

The script reads <script id="data"> (see play.py), draws the grid as buttons, and keeps the player's
state -- placed heights ``v`` and pencil marks ``m`` (a bit per height; 0 = no marks) -- in
localStorage under the puzzle's key, so reloading the file resumes. A hint is, in order: a placed
height that differs from the solution, pencil marks that leave out a cell's height, then the first
step of the plan the grid does not reflect yet (its placements made, or its removals already out of
the marks or implied by placed heights in the cell's row and column).
"""

PLAY_CSS = r"""
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f6f4}
header{padding:6px 2px}
h1{font-size:1.1em;margin:0}
.src{margin:0;font-size:.8em;overflow-wrap:anywhere}
.status{margin:2px 0;font-variant-numeric:tabular-nums;display:flex;gap:10px;justify-content:space-between}
#status.solved{color:#1b7a34;font-weight:700}
/* a phone held upright: the header, the board, then the keypad and the tools (the side's parts in the page's flow) */
main{max-width:600px;margin:0 auto;padding:0 4px 16px;display:flex;flex-direction:column}
.side{display:contents}
.side>header{order:-1}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.board{container-type:inline-size;display:grid;grid-template-columns:20px repeat(var(--n),minmax(0,1fr)) 20px;background:#fff;border-radius:6px;padding:2px;user-select:none;-webkit-user-select:none;touch-action:manipulation}
.board.solved{box-shadow:0 0 0 3px #1b7a34}
.clue{display:flex;align-items:center;justify-content:center;font-weight:700;color:#1d5fa8;font-size:clamp(12px,4cqw,20px);min-height:20px;border-radius:50%}
.clue.bad{color:#b71c1c;box-shadow:inset 0 0 0 2px #b71c1c}
.clue.bad::after{content:"!";font-size:.7em;vertical-align:super}
.cell{aspect-ratio:1;border:1px solid #999;margin:0;padding:0;background:#fff;color:#1d4f91;position:relative;display:flex;align-items:center;justify-content:center;font:700 calc(100cqw / (var(--n) + 1.3) * .6)/1 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;cursor:pointer;min-width:0}
.cell.given{background:#e6e6e6;color:#1b1b1b;cursor:default}
.cell.look{background:#fff4c2;outline:2px dashed #c2185b;outline-offset:-3px}
.cell.sel{box-shadow:inset 0 0 0 3px #1d5fa8;background:#e3efff}
.cell.clash{color:#b71c1c;background:repeating-linear-gradient(45deg,#fde2e4 0 4px,#fff 4px 8px)}
.cell.wrong{box-shadow:inset 0 0 0 3px #b71c1c}
.cell.wrong::after,.cell.clash::after{content:"!";position:absolute;top:0;right:2px;font-size:.45em;color:#b71c1c}
.cell:focus-visible,button:focus-visible,summary:focus-visible,input:focus-visible{outline:3px solid #1d5fa8;outline-offset:1px;z-index:1}
.m{position:absolute;inset:1px;display:grid;grid-template-columns:repeat(3,1fr);font:400 calc(100cqw / (var(--n) + 1.3) * .3)/1 system-ui,sans-serif;color:#333}
/* 10x10..12x12: four marks a row in a narrow face, as big as the cell lets them be, kept off the cell's edges so
   that neighbouring cells' marks stay apart */
.n10 .m,.n11 .m,.n12 .m{inset:2px 2px 1px;grid-template-columns:repeat(4,1fr);grid-template-rows:repeat(3,minmax(0,1fr));font-size:calc((100cqw - 40px) / var(--n) * .37);
  font-family:"Roboto Condensed","Arial Narrow","Liberation Sans Narrow",sans-serif-condensed,"DejaVu Sans Condensed",system-ui,sans-serif;font-stretch:condensed}
.n1 .m,.n2 .m,.n3 .m,.n4 .m{grid-template-columns:repeat(2,1fr);font-size:calc(100cqw / (var(--n) + 1.3) * .3)}
.m i{font-style:normal;display:flex;align-items:center;justify-content:center}
.m i[data-d]::before{content:attr(data-d)}
.letters{font-size:.85em;margin:2px 0;text-align:center}
.keypad{display:grid;grid-template-columns:repeat(var(--kc,5),1fr);gap:6px;margin:8px 0}
.keypad button,.tools button,.hintbar button,.opts button{font:inherit;border:1px solid #767676;border-radius:8px;background:#fff;color:#1b1b1b;cursor:pointer;min-height:44px;padding:4px 8px}
.keypad button{font-size:22px;font-weight:700;min-height:48px;line-height:1}
.keypad small{display:block;font-size:11px;font-weight:400}
body.pencil .keypad button{font-weight:400;font-size:17px;background:#f3e5f5;border-color:#6a1b9a}
.tools{display:grid;grid-template-columns:repeat(6,1fr);gap:4px}
.tools button{padding:4px 2px;font-size:14px}
button[aria-pressed=true]{background:#6a1b9a;color:#fff;border-color:#6a1b9a}
#hintbox{background:#fff;border:2px solid #1d5fa8;border-radius:8px;padding:6px 10px;margin:8px 0}
#hintbox[hidden],.hintbar button[hidden]{display:none}
#hint{margin:2px 0;font-weight:600}
#idea{margin:2px 0;font-size:.9em}
#chain{margin:4px 0;padding:0;list-style:none;font-size:.85em;max-height:40vh;overflow:auto}
#chain li{margin:2px 0}
#chain li.end{color:#b71c1c;font-weight:600}
.hintbar{display:flex;gap:6px;flex-wrap:wrap}
.note{min-height:1.4em;margin:6px 0}
.opts{margin:8px 0;font-size:.9em}
.opts summary{cursor:pointer;padding:6px 0}
/* a desktop, and a phone on its side: the board on the left, as tall as the window lets it be; the header, the
   keypad, the tools and the hint in a column beside it, so that a hint opens in view */
@media (min-width:900px),(orientation:landscape) and (max-height:500px){
 main{max-width:1180px;flex-direction:row;align-items:flex-start;gap:16px;padding:8px 12px}
 .side{display:block;flex:1 1 0;min-width:0}
 #board{flex:0 0 auto;width:min(calc(100vh - 24px),60vw,640px)}
 .keypad{margin:6px 0}
}
@media (orientation:landscape) and (max-height:500px){
 main{height:100vh;padding:4px 8px;gap:10px}
 #board{width:min(calc(100vh - 8px),56vw)}
 .side{max-height:calc(100vh - 8px);overflow-y:auto;overscroll-behavior:contain}
 header{padding:0 2px}
 .keypad{gap:4px;margin:4px 0}
 .keypad button{min-height:44px;font-size:20px}
 .keypad small{font-size:10px}
 #chain{max-height:none}
}
"""

PLAY_JS = r"""
(function(){
"use strict";
var D=JSON.parse(document.getElementById("data").textContent);
var n=D.n, N2=n*n, FULL=(1<<n)-1, sol=D.sol, given=D.given, plan=D.plan;
var S=fresh(), undoStack=[], redoStack=[], sel=-1, pencil=false, hint=null, checked={}, t0=Date.now();
var board=document.getElementById("board"), statusEl=document.getElementById("status"), clock=document.getElementById("clock");
var hintBox=document.getElementById("hintbox"), hintText=document.getElementById("hint"), ideaText=document.getElementById("idea");
var chainList=document.getElementById("chain"), note=document.getElementById("note"), sayBox=document.getElementById("say");
var auto=document.getElementById("auto"), side=document.getElementById("side"), cells=[], clues={};
function fresh(){var m=[];for(var i=0;i<N2;i++){m.push(0);}return {v:given.slice(),m:m,t:0,done:false,hints:0,auto:false};}
function sym(d){return d<10?String(d):String.fromCharCode(55+d);}
function nm(i){return "R"+(Math.floor(i/n)+1)+"C"+(i%n+1);}
function bits(m){var o=[];for(var d=1;d<=n;d++){if(m&(1<<(d-1))){o.push(d);}}return o;}
function list(names){return names.length<2?names.join(""):names.slice(0,-1).join(", ")+" and "+names[names.length-1];}
function say(t){sayBox.textContent="";setTimeout(function(){sayBox.textContent=t;},30);}
function clockText(ms){var s=Math.floor(ms/1000),h=Math.floor(s/3600),m=Math.floor(s/60)%60;s%=60;
  return (h?h+":"+(m<10?"0":""):"")+m+":"+(s<10?"0":"")+s;}
function elapsed(){return S.done?S.t:S.t+(Date.now()-t0);}
/* ---- storage: one entry per puzzle; anything malformed is ignored (a fresh game) */
function valid(s){
  if(!s||!Array.isArray(s.v)||!Array.isArray(s.m)||s.v.length!==N2||s.m.length!==N2){return false;}
  for(var i=0;i<N2;i++){
    if(s.v[i]!==(s.v[i]|0)||s.v[i]<0||s.v[i]>n||s.m[i]!==(s.m[i]|0)||s.m[i]<0||s.m[i]>FULL){return false;}
    if(given[i]&&s.v[i]!==given[i]){return false;}
  }
  return typeof s.t==="number"&&s.t>=0;
}
function load(){try{var s=JSON.parse(localStorage.getItem(D.key)||"null");if(valid(s)){S=s;}}catch(e){}}
function save(){S.t=elapsed();t0=Date.now();try{localStorage.setItem(D.key,JSON.stringify(S));}catch(e){}}
/* ---- the grid as buttons, clues around */
function clue(side,k,v){
  var s=document.createElement("span");s.className="clue";s.textContent=v?String(v):"";
  if(v){s._said="clue "+v+", "+{u:"above column",d:"below column",l:"left of row",r:"right of row"}[side]+" "+(k+1);
        s.setAttribute("role","img");s.setAttribute("aria-label",s._said);}
  else{s.setAttribute("aria-hidden","true");}
  clues[side+k]=s;board.appendChild(s);
}
function corner(){var s=document.createElement("span");s.setAttribute("aria-hidden","true");board.appendChild(s);}
function build(){
  var r,c;
  corner();for(c=0;c<n;c++){clue("u",c,D.clues.u[c]);}corner();
  for(r=0;r<n;r++){
    clue("l",r,D.clues.l[r]);
    for(c=0;c<n;c++){
      var b=document.createElement("button"), i=r*n+c;b.type="button";b.className="cell";b.tabIndex=-1;
      b.setAttribute("data-cell",nm(i));b.setAttribute("data-i",i);cells.push(b);board.appendChild(b);
    }
    clue("r",r,D.clues.r[r]);
  }
  corner();for(c=0;c<n;c++){clue("d",c,D.clues.d[c]);}corner();
  document.getElementById("keypad").style.setProperty("--kc",n<=7?n:Math.ceil(n/2));
}
/* ---- checks that need no solution: a height twice in a line; a full lane its clue does not hold */
function clashes(){
  var out={}, r, c, k;
  for(var line=0;line<2*n;line++){
    var seen={};
    for(k=0;k<n;k++){
      var i=line<n?line*n+k:k*n+(line-n), v=S.v[i];
      if(!v){continue;}
      if(seen[v]!==undefined){out[i]=1;out[seen[v]]=1;}else{seen[v]=i;}
    }
  }
  return out;
}
function seenFrom(cellsOf){var top=0,count=0;for(var k=0;k<cellsOf.length;k++){var v=S.v[cellsOf[k]];if(!v){return -1;}if(v>top){top=v;count++;}}return count;}
function lane(side,k){
  var o=[];for(var j=0;j<n;j++){o.push(side==="u"?j*n+k:side==="d"?(n-1-j)*n+k:side==="l"?k*n+j:k*n+(n-1-j));}return o;
}
function badClues(){
  var out={};
  ["u","d","l","r"].forEach(function(side){for(var k=0;k<n;k++){var want=D.clues[side][k];
    if(want){var got=seenFrom(lane(side,k));if(got>=0&&got!==want){out[side+k]=got;}}}});
  return out;
}
/* what a screen reader says for a cell: everything the board shows of it (a repeat, a height found wrong,
   the cell a hint points at) */
function label(i,clash,looked){
  var t=nm(i)+", ";
  if(S.v[i]){t+=(given[i]?"given ":"")+S.v[i];}
  else{t+="empty"+(S.m[i]?", candidates "+bits(S.m[i]).join(" "):"");}
  return t+(clash?", repeated in its row or column":"")+(checked[i]||(looked&&hint&&hint.kind==="wrong")?", wrong":"")+
         (looked?", the hint points here":"");
}
function render(){
  var cl=clashes(), bad=badClues(), look={}, L=hint?hint.look:[];
  for(var q=0;q<L.length;q++){look[L[q]]=1;}
  for(var i=0;i<N2;i++){
    var b=cells[i], cls="cell"+(given[i]?" given":"")+(i===sel?" sel":"")+(cl[i]?" clash":"")+(checked[i]?" wrong":"")+(look[i]?" look":"");
    if(b.className!==cls){b.className=cls;}
    var key=S.v[i]?"v"+S.v[i]:"m"+S.m[i];
    if(b._key!==key){
      b._key=key;b.textContent="";
      if(S.v[i]){b.textContent=sym(S.v[i]);}
      else if(S.m[i]){
        var box=document.createElement("span");box.className="m";box.setAttribute("aria-hidden","true");
        /* drawn by CSS from data-d: the marks are no text of the cell's, whose name (aria-label) says them */
        for(var d=1;d<=n;d++){var it=document.createElement("i");if(S.m[i]&(1<<(d-1))){it.setAttribute("data-d",sym(d));}box.appendChild(it);}
        b.appendChild(box);
      }
    }
    var said=label(i,cl[i],look[i]);if(b.getAttribute("aria-label")!==said){b.setAttribute("aria-label",said);}
    if(given[i]){b.setAttribute("aria-disabled","true");}
    b.tabIndex=i===sel?0:-1;
  }
  for(var key2 in clues){
    var cl2=clues[key2], was=cl2.classList.contains("bad");
    cl2.classList.toggle("bad",!!bad[key2]);
    if(cl2._said&&(was!==!!bad[key2]||bad[key2])){  /* a broken clue says so, and what its full lane sees */
      cl2.setAttribute("aria-label",cl2._said+(bad[key2]?", broken: its lane sees "+bad[key2]:""));
    }
  }
  board.classList.toggle("solved",S.done);
  document.body.classList.toggle("pencil",pencil);
  document.querySelector('[data-action="pencil"]').setAttribute("aria-pressed",pencil?"true":"false");
  document.querySelector('[data-action="undo"]').disabled=!undoStack.length;
  document.querySelector('[data-action="redo"]').disabled=!redoStack.length;
  auto.checked=!!S.auto;
  status();
}
function openCount(){var k=0;for(var i=0;i<N2;i++){if(!S.v[i]){k++;}}return k;}
function status(){
  statusEl.textContent=S.done?"solved in "+clockText(S.t)+(S.hints?" with "+S.hints+" hint"+(S.hints===1?"":"s"):""):openCount()+" open";
  statusEl.className=S.done?"solved":"";
  clock.textContent=clockText(elapsed());
}
/* ---- changes: each is undoable, saved, and re-checked */
function snap(){return {v:S.v.slice(),m:S.m.slice()};}
function same(a){for(var i=0;i<N2;i++){if(a.v[i]!==S.v[i]||a.m[i]!==S.m[i]){return false;}}return true;}
function change(fn){
  if(S.done){return false;}
  var before=snap();fn();
  if(same(before)){return false;}
  undoStack.push(before);redoStack=[];after();return true;
}
function after(){
  hint=null;checked={};hintBox.hidden=true;note.textContent="";  /* a check's verdict is of the grid it checked */
  if(!S.done&&S.v.every(function(v,i){return v===sol[i];})){
    S.t=elapsed();S.done=true;save();render();
    note.textContent="Solved! "+clockText(S.t)+".";say("Solved in "+clockText(S.t));return;
  }
  save();render();
}
function restore(st){S.v=st.v.slice();S.m=st.m.slice();after();}
function undo(){if(undoStack.length&&!S.done){redoStack.push(snap());restore(undoStack.pop());say("undone");}}
function redo(){if(redoStack.length&&!S.done){undoStack.push(snap());restore(redoStack.pop());say("redone");}}
function peersOf(i){var r=Math.floor(i/n),c=i%n,o=[];for(var k=0;k<n;k++){if(k!==c){o.push(r*n+k);}if(k!==r){o.push(k*n+c);}}return o;}
function open(i){return !S.v[i];}
function basic(i){var m=FULL,p=peersOf(i);for(var k=0;k<p.length;k++){if(S.v[p[k]]){m&=~(1<<(S.v[p[k]]-1));}}return m;}
function place(i,d){
  if(i<0||given[i]){return;}
  if(pencil&&!S.v[i]){change(function(){S.m[i]^=1<<(d-1);});say(nm(i)+(S.m[i]&(1<<(d-1))?" marks ":" unmarks ")+d);return;}
  if(change(function(){
    S.v[i]=d;
    if(S.auto){var p=peersOf(i);for(var k=0;k<p.length;k++){S.m[p[k]]&=~(1<<(d-1));}}
  })&&!S.done){say(nm(i)+": "+d);}
}
function erase(i){if(i<0||given[i]){return;}change(function(){if(S.v[i]){S.v[i]=0;}else{S.m[i]=0;}});say(nm(i)+" erased");}
function fill(){change(function(){for(var i=0;i<N2;i++){if(open(i)){S.m[i]=basic(i);}}});say("every candidate filled in");}
/* ---- hints: a wrong height first, then wrong marks, then the first step of the plan not yet reflected */
function allows(i,d){
  if(S.v[i]){return S.v[i]===d;}
  if(S.m[i]&&!(S.m[i]&(1<<(d-1)))){return false;}
  var p=peersOf(i);for(var k=0;k<p.length;k++){if(S.v[p[k]]===d){return false;}}
  return true;
}
function reflected(st){
  var p=st.p||[], e=st.e||[], k, j;
  if(p.length){for(k=0;k<p.length;k+=2){if(S.v[p[k]]!==p[k+1]){return false;}}return true;}
  for(k=0;k<e.length;k+=2){var ds=bits(e[k+1]);for(j=0;j<ds.length;j++){if(allows(e[k],ds[j])){return false;}}}
  return true;
}
function findHint(){
  var i;
  for(i=0;i<N2;i++){if(S.v[i]&&S.v[i]!==sol[i]){var w=nm(i);
    return {kind:"wrong",id:"w"+i,cell:i,look:[i],h:[w+" is wrong",w+" is wrong: check it against its row, column and clues",
            w+" is wrong: "+S.v[i]+" is not its height; take it out"]};}}
  for(i=0;i<N2;i++){if(!S.v[i]&&S.m[i]&&!(S.m[i]&(1<<(sol[i]-1)))){var c=nm(i);
    return {kind:"marks",id:"m"+i,cell:i,look:[i],h:[c+"'s pencil marks are wrong",c+"'s pencil marks are wrong: one of the heights you removed belongs there",
            c+"'s pencil marks ["+bits(S.m[i]).join("")+"] leave out its height; mark it again"]};}}
  if(S.done){return {kind:"done",id:"done",look:[],h:["the grid is complete and correct","the grid is complete and correct","the grid is complete and correct"]};}
  for(var s=0;s<plan.length;s++){if(!reflected(plan[s])){return {kind:"step",id:"s"+s,step:plan[s],look:plan[s].l||[],h:plan[s].h};}}
  var best=-1;for(i=0;i<N2;i++){if(!S.v[i]&&(best<0||bits(basic(i)).length<bits(basic(best)).length)){best=i;}}
  var t="the plan has no step left here; the solution has "+sol[best]+" at "+nm(best);
  return {kind:"step",id:"b"+best,step:{p:[best,sol[best]]},look:[best],h:["look at "+nm(best),t,t]};
}
function showHint(){
  var h=findHint();
  if(hint&&hint.id===h.id){h.level=Math.min(3,hint.level+1);}
  else{h.level=1;if(h.kind!=="done"){S.hints++;save();}}  /* a solved grid's "hint" is no help: not counted */
  hint=h;
  var step=h.step||{};
  hintText.textContent="Hint "+h.level+": "+h.h[h.level-1];
  ideaText.textContent=h.level===3&&step.t&&D.ideas[step.t]?"The idea, "+step.t+": "+D.ideas[step.t]:"";
  chainList.textContent="";
  if(h.level===3&&step.x!==undefined){
    var groups=D.chains[step.x];
    for(var g=0;g<groups.length;g++){
      var head=document.createElement("li");head.className="end";head.textContent=groups[g].t;chainList.appendChild(head);
      for(var k=0;k<groups[g].l.length;k++){var li=document.createElement("li");li.textContent=groups[g].l[k];chainList.appendChild(li);}
      var end=document.createElement("li");end.className="end";end.textContent=groups[g].e;chainList.appendChild(end);
    }
  }
  document.querySelector('[data-action="more"]').hidden=h.level===3||h.kind==="done";
  document.querySelector('[data-action="apply"]').hidden=!(h.level===3&&h.kind!=="done");
  document.querySelector('[data-action="apply"]').textContent=h.kind==="wrong"?"Take it out":h.kind==="marks"?"Clear its marks":"Apply";
  hintBox.hidden=false;render();say(hintText.textContent);
  if(side.scrollHeight>side.clientHeight+1){hintBox.scrollIntoView({block:"nearest"});}  /* a phone on its side */
}
function applyHint(){
  var h=hint;if(!h){return;}
  change(function(){
    if(h.kind==="wrong"){S.v[h.cell]=0;return;}
    if(h.kind==="marks"){S.m[h.cell]=0;return;}
    var st=h.step, e=st.e||[], p=st.p||[], k;
    for(k=0;k<e.length;k+=2){var c=e[k];if(!S.v[c]){S.m[c]=(S.m[c]||basic(c))&~e[k+1];}}
    for(k=0;k<p.length;k+=2){S.v[p[k]]=p[k+1];S.m[p[k]]=0;}
  });
  if(!S.done){say("hint applied");}
}
function check(){
  var wrong=[];checked={};
  for(var i=0;i<N2;i++){if(S.v[i]&&S.v[i]!==sol[i]){wrong.push(nm(i));checked[i]=1;}}
  note.textContent=wrong.length?list(wrong)+(wrong.length===1?" is":" are")+" wrong.":"No mistakes so far ("+openCount()+" open).";
  render();say(note.textContent);
}
var restarting=false;
function restart(btn){
  if(!restarting){restarting=true;btn.textContent="Really restart?";return;}
  restarting=false;btn.textContent="Restart";
  try{localStorage.removeItem(D.key);}catch(e){}
  S=fresh();undoStack=[];redoStack=[];t0=Date.now();hint=null;checked={};hintBox.hidden=true;note.textContent="";
  render();say("restarted");
}
/* ---- input: taps and keys */
function select(i,focus){
  if(i<0||i>=N2){return;}
  sel=i;render();if(focus){cells[i].focus();}
}
board.addEventListener("click",function(ev){var b=ev.target.closest("button.cell");if(b){select(+b.getAttribute("data-i"),true);}});
document.getElementById("keypad").addEventListener("click",function(ev){
  var b=ev.target.closest("button[data-key]");if(!b){return;}
  place(sel,+b.getAttribute("data-key"));if(sel>=0){cells[sel].focus({preventScroll:true});}
});
document.addEventListener("click",function(ev){
  var b=ev.target.closest("[data-action]");if(!b){return;}
  var a=b.getAttribute("data-action");
  if(a!=="restart"&&restarting){restarting=false;document.querySelector('[data-action="restart"]').textContent="Restart";}
  if(a==="pencil"){pencil=!pencil;render();say(pencil?"pencil marks on":"pencil marks off");}
  else if(a==="erase"){erase(sel);}
  else if(a==="undo"){undo();}
  else if(a==="redo"){redo();}
  else if(a==="hint"||a==="more"){showHint();}
  else if(a==="apply"){applyHint();}
  else if(a==="close"){hint=null;hintBox.hidden=true;render();}
  else if(a==="check"){check();}
  else if(a==="fill"){fill();}
  else if(a==="restart"){restart(b);}
});
auto.addEventListener("change",function(){S.auto=auto.checked;save();});
document.addEventListener("keydown",function(ev){
  var t=ev.target;if(t&&(t.tagName==="INPUT"||t.tagName==="SUMMARY")){return;}
  var k=ev.key;
  if((ev.ctrlKey||ev.metaKey)&&!ev.altKey){
    var z=k.toLowerCase();
    if(z==="z"&&!ev.shiftKey){ev.preventDefault();undo();}else if(z==="y"||(z==="z"&&ev.shiftKey)){ev.preventDefault();redo();}
    return;
  }
  if(ev.altKey||ev.metaKey){return;}
  var move={"ArrowLeft":-1,"ArrowRight":1,"ArrowUp":-n,"ArrowDown":n}[k];
  if(move!==undefined){
    if(!board.contains(t)&&sel<0){return;}
    ev.preventDefault();var i=sel<0?0:sel;
    if((move===-1&&i%n===0)||(move===1&&i%n===n-1)){return;}
    select(Math.max(0,Math.min(N2-1,i+move)),true);return;
  }
  var d=/^[1-9]$/.test(k)?+k:(/^[abcABC]$/.test(k)?k.toLowerCase().charCodeAt(0)-87:0);
  if(d&&d<=n&&sel>=0){ev.preventDefault();place(sel,d);return;}
  if((k==="Backspace"||k==="Delete"||k==="0")&&sel>=0){ev.preventDefault();erase(sel);return;}
  if(k==="p"||k==="P"){pencil=!pencil;render();say(pencil?"pencil marks on":"pencil marks off");}
  else if(k==="h"||k==="H"){showHint();}
});
document.addEventListener("visibilitychange",function(){if(document.hidden){save();}else{t0=Date.now();}});
window.addEventListener("pagehide",save);
build();load();
for(var f=0;f<N2;f++){if(!S.v[f]){sel=f;break;}}
render();
if(S.done){note.textContent="Solved! "+clockText(S.t)+".";}
setInterval(function(){if(!S.done){clock.textContent=clockText(elapsed());}},1000);
/* for scripts and tests: the state, the hint the grid calls for, and reading the saved progress again */
window.ascentPlay={state:function(){return {v:S.v.slice(),m:S.m.slice(),done:S.done,hints:S.hints};},hint:findHint,plan:plan,
  resume:function(){load();t0=Date.now();undoStack=[];redoStack=[];hint=null;hintBox.hidden=true;render();}};
})();
"""
