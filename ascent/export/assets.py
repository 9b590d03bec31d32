"""The page's inline CSS and JavaScript (no network, no external URL: everything the page needs is here).

The script reads the JSON in <script id="data">, replays the steps from the starting grid, and
switches classes on the SVG grids the Python side drew (see svg.py for the class names).
"""

PAGE_CSS = r"""
*{box-sizing:border-box}
body{overflow-anchor:none;margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f6f4}
header{padding:12px 18px;background:#fff;border-bottom:1px solid #ddd}
h1{font-size:1.3em;margin:0 0 4px}
h2{font-size:1.05em;margin:4px 0 6px}
h3{font-size:.95em;margin:12px 0 4px;color:#444}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.summary{margin:2px 0}
.pad{padding:0 18px}
.summary code{overflow-wrap:anywhere;word-break:break-all}
.warn{color:#8a5a00;font-weight:600}
.status{font-weight:700;text-transform:uppercase}
.status.solved{color:#1b7a34}.status.stuck{color:#8a5a00}.status.contradiction,.status.ambiguous{color:#b71c1c}
.tag{display:inline-block;padding:0 6px;border-radius:9px;color:#fff;font-size:.8em;font-weight:600;white-space:nowrap;background:#555;vertical-align:1px}
.t-ascent{background:#1565c0}.t-peak-descent{background:#6a1b9a}.t-sudoku{background:#2e7d32}
.t-pinpoint{background:#00838f}.t-isolate{background:#a84d00}.t-solve,.t-naked-single{background:#546e7a}
.t-sequence{background:#ad1457}.t-fish{background:#4527a0}.t-forcing{background:#c62828}.t-backtrack{background:#212121}
details.formats{margin-top:6px}
details.formats dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:6px 0}
details.formats dt{font-weight:600}
details.formats dd{margin:0;min-width:0}
details.formats pre{margin:0;white-space:pre-wrap;word-break:break-all;font-size:.85em;background:#f1f1ee;padding:2px 5px;border-radius:3px}
main{display:grid;grid-template-columns:minmax(0,1.3fr) minmax(300px,1fr);gap:18px;padding:12px 18px;align-items:start}
main.forcing{grid-template-columns:minmax(0,2.4fr) minmax(260px,1fr)}
#board{position:sticky;top:0;min-width:0}
main.forcing #board{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);grid-template-rows:auto auto auto 1fr;column-gap:12px;align-items:start}
main.forcing #views{display:contents}
main.forcing .nav{grid-column:1/-1}
main.forcing #main-view{grid-column:1;grid-row:2}
main.forcing #chain{grid-column:2;grid-row:2/span 3}
main.forcing #board>.capbox{grid-column:1;grid-row:3}
#chain-h{font-size:.95em;margin:2px 0}
#chain{min-width:0;border:2px solid #c62828;border-radius:8px;padding:4px 8px;background:#fff}
#chain[hidden],.flip{display:none}
#steps{min-width:0;max-height:100vh;overflow:auto;position:sticky;top:0;overscroll-behavior:contain}
.gridbox svg{display:block;width:min(100%,calc(100vh - 230px));min-width:min(100%,300px);height:auto;background:#fff;border-radius:6px;margin:0 auto}
.gridbox:focus{outline:3px solid #1d5fa8;outline-offset:2px}
@media (scripting:enabled){#app:not(.drawn) .gridbox g.cell:not([data-in]){display:none}}  /* shown by the script: see "drawn" */
.nav{display:flex;align-items:center;gap:8px;margin:6px 0}
.nav button,.chain-nav button,.flip button,#print-button,button.more{font:inherit;white-space:nowrap;padding:4px 12px;border:1px solid #767676;border-radius:5px;background:#fff;color:#1b1b1b;cursor:pointer}
.nav button{min-height:40px}
.nav button:disabled,.chain-nav button:disabled{color:#595959;background:#ececec;border-color:#bbb;cursor:default}
button:focus-visible,summary:focus-visible{outline:3px solid #1d5fa8;outline-offset:1px}
#pos,#chain-pos{flex:1;min-width:5em;text-align:center;font-variant-numeric:tabular-nums}
.caption{background:#fff;border:1px solid #ddd;border-radius:6px;padding:6px 10px;margin:6px 0;min-height:2.5em;line-height:1.45}
.caption .tag{line-height:1.3;vertical-align:baseline}
.caption:not(.open){overflow:hidden;height:calc(4.35em + 5px);padding-bottom:0}
.jumps{justify-content:space-between}
.capbox{position:relative}
button.more{position:absolute;right:4px;bottom:3px;padding:0 10px;font-size:.85em;box-shadow:-8px 0 6px #fff}
button.more[hidden]{display:none}
.key{font-size:.8em;color:#333;margin:0 0 4px;position:sticky;top:0;z-index:1;background:#f6f6f4;padding:2px 0}
.key summary{cursor:pointer;font-weight:600}
.key p{margin:2px 0}
.ki{white-space:nowrap;display:inline-block;margin-right:8px}
.sw{display:inline-block;width:1.1em;height:1.1em;border:1px solid #999;vertical-align:-2px;text-align:center;line-height:1.05em;font-weight:700}
.sw.given{background:#e6e6e6}.sw.placed-by{background:#fff;border-color:#1d4f91;border-width:2px}
.sw.used{background:#fff4c2;border:2px dotted #6d5200}
.sw.lost{background:#fde2e4;border:2px dashed #b71c1c}.sw.placed{background:#b9f6ca;border:3px solid #0b6b2b}
.sw.supposed{background:#f3e5f5;border:2px dashed #6a1b9a;font-style:italic}
.sw.broken{background:#ffcdd2;border:3px solid #7f0000}.sw.lane{border:2px solid #c2185b;border-radius:3px}
.sw.struck{color:#b71c1c;text-decoration:line-through;text-decoration-thickness:2px;border-color:#ddd}
.where{color:#1d5fa8;font-weight:600}
.changes{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em;color:#1b7a34;overflow-wrap:anywhere}
#steps ol{list-style:none;margin:0;padding:0}
#steps li.pass{margin-bottom:6px}
button.step,button.link{display:block;width:100%;text-align:left;font:inherit;font-size:.9em;background:#fff;border:1px solid #e2e2e2;border-radius:5px;padding:4px 7px;margin:2px 0;cursor:pointer;color:inherit}
button.step:hover,button.link:hover{border-color:#999}
li.current>button.step,li.current>button.link{border-color:#c2185b;box-shadow:0 0 0 2px #f8bbd0;background:#fffafc}
.num{color:#666;font-variant-numeric:tabular-nums;margin-right:4px}
.chains{display:none}
.chain-nav{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:4px 0}
.branches button.on{border-color:#c62828;background:#ffebee;font-weight:600}
li.end,.end{font-weight:600;color:#b71c1c;padding:4px 7px;margin:2px 0}
.end[hidden]{display:none}
#chain ol{list-style:none;padding:0;margin:0;max-height:7em;overflow:auto;overscroll-behavior:contain}
#print{display:none}
footer{padding:8px 18px;color:#555;font-size:.85em}
main.verdict{display:block;padding:12px 14px}
.pair{display:flex;flex-wrap:wrap;gap:18px}
.pair figure{margin:0;flex:1 1 300px;max-width:520px}
.pair figcaption{font-weight:600;margin:4px 0}
.pair svg{width:100%;height:auto;background:#fff;border-radius:6px}
@media (min-width:761px) and (min-height:501px),(min-width:761px) and (orientation:portrait){
 #chain-end{min-height:5em;margin-bottom:0}
 #chain-end[hidden]{display:block;visibility:hidden}
}
@media (max-width:760px){
 #app{--mode:phone}
 main{display:block;padding:0 6px 8px}
 .pad{padding:0 8px}
 #board{position:sticky;top:0;z-index:3;background:#f6f6f4;padding-bottom:2px}
 .gridbox svg{width:100%;min-width:0}
 .nav{margin:0;padding:4px 0}
 .caption{margin:2px 0;padding:4px 8px}
 #chain{border:0;padding:0;background:none}
 #chain-h{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
 #steps{position:static;max-height:60vh;margin-top:6px}
 header{padding:8px}
 details.formats dl{grid-template-columns:1fr}
}
@media (max-width:760px),(orientation:landscape) and (max-height:500px){
 main.forcing #board{display:block}
 main.forcing .flip{display:flex;gap:6px;margin:2px 0}
 .flip button{flex:1;padding:4px 6px}
 .flip button[aria-pressed=true]{border-color:#c62828;background:#ffebee;font-weight:600}
 main.forcing:not(.show-grid) #main-view,main.forcing.show-grid #chain{display:none}
 #chain-steps{display:none}
 .branches{flex-wrap:nowrap;overflow-x:auto}
 .chain-nav{margin:2px 0}
}
@media (orientation:landscape) and (max-height:500px){
 /* a phone on its side: the grid on the left, the whole height; on the right the controls, the captions and,
    under them, the step list in the room left (it scrolls in itself: tapping a step never moves the grid) */
 #app{--mode:wide;display:grid;grid-template-columns:var(--gw,calc(100vh - 8px)) minmax(0,1fr);grid-template-rows:repeat(11,auto) 1fr;
      column-gap:10px;row-gap:0;align-items:start;height:100vh;padding:4px 8px;position:relative}
 #app #board,#app #views,#app #main-view,#app #chain{display:contents}
 #app #chain[hidden],#app.forcing:not(.show-grid) #main-view,#app.forcing.show-grid #chain{display:none}
 #app .nav,#app #board>.capbox,#app .capbox,#app .flip,#app .chain-nav,#app .end{grid-column:2;grid-row:auto;min-width:0}
 #app .gridbox{position:absolute;grid-column:1;grid-row:1/-1;top:0;left:0}  /* out of the rows: they stay compact */
 #app .branches{flex-wrap:wrap;overflow:visible}
 .gridbox svg{height:calc(100vh - 8px);width:auto;min-width:0;max-width:none}
 #chain-h{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
 .nav{margin:0}
 .caption:not(.open){height:calc(2.9em + 5px)}  /* two lines: a forcing step's controls, captions and ending fit */
 #app #steps{position:absolute;grid-column:2;grid-row:1/-1;top:50%;bottom:4px;left:0;right:8px;max-height:none;margin:0}
 #key{position:static}
}
@media print{
 @page{margin:12mm}
 body{background:#fff;font-size:9pt}
 main,footer,#print-button,.key{display:none}
 header{border:0;padding:0}
 #print{display:block;columns:2;column-gap:8mm}
 #print h2{column-span:all}
 .print-pass{margin:0 0 3mm}
 .print-pass .fig{break-inside:avoid;page-break-inside:avoid}
 .print-pass h3{margin:2mm 0 1mm;break-after:avoid}
 .print-pass svg{width:100%;max-width:8cm;height:auto;display:block;text-rendering:optimizeSpeed}
 .print-pass ol{font-size:7.5pt;line-height:1.3;margin:1mm 0 0;padding:0;list-style:none}
 .print-pass ol ol{margin:0 0 0 3mm;font-size:7pt;color:#333}
 .print-pass li{break-inside:avoid}
 .print-pass .changes{font-size:7pt}
}
"""

PAGE_JS = r"""
(function(){
"use strict";
var D=JSON.parse(document.getElementById("data").textContent);
var n=D.n, N2=n*n, frames=D.frames, last=frames.length-1, given={};
for(var g0=0;g0<D.given.length;g0++){given[D.given[g0]]=1;}
function sym(d){return d<10?String(d):String.fromCharCode(55+d);}
function cellName(i){return "R"+(Math.floor(i/n)+1)+"C"+(i%n+1);}
function digits(m){var o=[];for(var d=1;d<=n;d++){if(m&(1<<(d-1))){o.push(d);}}return o.join(" ");}
/* what a screen reader says for a cell: as svg.py's cell_label (everything the grid shows of it) */
function cellLabel(i,v,m,gone,broken,supposed,read,put){
  var t=cellName(i)+", "+(v?(given[i]?"given ":supposed?"supposed ":"")+v:(m?"empty, candidates "+digits(m):"empty, no candidates left"));
  return t+(put?"; placed by the step":"")+(read?"; read by the step":"")+(gone?"; removed "+digits(gone):"")+(broken?"; broken":"");
}
function apply(st,spec){
  var m=st.m.slice(), v=st.v.slice(), e=spec.e||[], p=spec.p||[], i;
  for(i=0;i<e.length;i+=2){m[e[i]]&=~e[i+1];}
  for(i=0;i<p.length;i+=2){m[p[i]]=1<<(p[i+1]-1);v[p[i]]=p[i+1];}
  return {m:m,v:v};
}
var states=[{m:D.start.m,v:D.start.v}];
for(var f=1;f<=last;f++){states.push(apply(states[f-1],frames[f]));}
function parts(svg){
  if(svg._parts){return svg._parts;}
  var cells=svg.querySelectorAll("g.cell"), P={cell:[],v:[],k:[],said:[],clue:{},lane:svg.querySelector("rect.lane")};
  for(var i=0;i<cells.length;i++){
    P.cell.push(cells[i]);P.v.push(cells[i].querySelector("text.v"));P.said.push(cells[i].getAttribute("aria-label"));
    var ks=cells[i].querySelectorAll("g.k"), row=[];
    for(var d=0;d<ks.length;d++){row.push(ks[d]);}
    P.k.push(row);
  }
  var clues=svg.querySelectorAll("text.clue");
  for(var c=0;c<clues.length;c++){
    var said=clues[c].getAttribute("aria-label");
    if(said){clues[c]._said=said.replace(/; read by the step$/,"");}
    P.clue[clues[c].getAttribute("data-side")+clues[c].getAttribute("data-k")]=clues[c];
  }
  svg._parts=P;return P;
}
function label(st,what){
  var placed=0;for(var i=0;i<N2;i++){if(st.v[i]){placed++;}}
  var body=placed===N2?"every height placed":placed+" of "+N2+" heights placed ("+D.given.length+" given), "+(N2-placed)+" cells open";
  return D.label+", "+what+": "+body+"; the clues stand on four sides.";
}
/* base: the grid a chain started from (heights placed since are only supposed) */
function paint(svg,st,spec,base,what){
  var P=parts(svg), gone={}, put={}, used={}, broken={}, i, j;
  var e=spec.e||[], p=spec.p||[], c=spec.c||[], b=spec.b||[];
  for(i=0;i<e.length;i+=2){gone[e[i]]=(gone[e[i]]||0)|e[i+1];}
  for(i=0;i<p.length;i+=2){put[p[i]]=1;}
  for(i=0;i<c.length;i++){used[c[i]]=1;}
  for(i=0;i<b.length;i++){broken[b[i]]=1;}
  for(i=0;i<N2;i++){
    var supposed=!given[i]&&base&&st.v[i]&&!base.v[i];
    var cls="cell"+(given[i]?" given":(supposed?" supposed":""))+(used[i]?" used":"")+
            (gone[i]?" lost":"")+(put[i]?" placed":"")+(broken[i]?" broken":"");
    if(P.cell[i].getAttribute("class")!==cls){P.cell[i].setAttribute("class",cls);}
    var vt=st.v[i]?sym(st.v[i]):"";if(P.v[i].textContent!==vt){P.v[i].textContent=vt;}
    var g=gone[i]||0, said=cellLabel(i,st.v[i],st.m[i],g,broken[i],supposed,used[i],put[i]);
    if(P.said[i]!==said){P.said[i]=said;P.cell[i].setAttribute("aria-label",said);}
    for(j=0;j<n;j++){
      var bit=1<<j, k=st.v[i]?"k off":((g&bit)?"k struck":((st.m[i]&bit)?"k on":"k off"));
      if(P.k[i][j].getAttribute("class")!==k){P.k[i][j].setAttribute("class",k);}
    }
  }
  var hot=spec.s?P.clue[spec.s+spec.k]:null;
  for(var key in P.clue){
    var cl=P.clue[key], on=cl===hot;
    if(cl.getAttribute("class")!==(on?"clue hot":"clue")){
      cl.setAttribute("class",on?"clue hot":"clue");
      if(cl._said){cl.setAttribute("aria-label",cl._said+(on?"; read by the step":""));}
    }
  }
  if(spec.l){
    P.lane.setAttribute("x",spec.l[0]);P.lane.setAttribute("y",spec.l[1]);
    P.lane.setAttribute("width",spec.l[2]);P.lane.setAttribute("height",spec.l[3]);
    P.lane.setAttribute("class","lane");
  }else{P.lane.setAttribute("class","lane off");}
  if(what){svg.setAttribute("aria-label",label(st,what));}
  svg.setAttribute("data-frame",spec.id||"");
}
var app=document.getElementById("app"), board=document.getElementById("board"), stepsNav=document.getElementById("steps");
var mainBox=document.getElementById("main-grid"), mainSvg=mainBox.querySelector("svg"), chainSvg=document.querySelector("#chain-grid svg");
var buttons=document.querySelectorAll("#steps button.step");
var byFrame=[];for(var q=0;q<buttons.length;q++){byFrame[+buttons[q].getAttribute("data-f")]=buttons[q];buttons[q].tabIndex=-1;}
var pos=document.getElementById("pos"), cap=document.getElementById("caption"), sayBox=document.getElementById("say");
var prev=document.getElementById("prev"), next=document.getElementById("next");
var chainBox=document.getElementById("chain"), chainList=document.getElementById("chain-steps");
var branchBox=document.getElementById("branches"), chainCap=document.getElementById("chain-caption");
var chainEnd=document.getElementById("chain-end"), flip=document.getElementById("flip");
var firstBtn=document.getElementById("chain-first"), lastBtn=document.getElementById("chain-last");
var cur=0, chain=null;
/* the layout the CSS chose: "desktop", "phone" (narrow: sticky grid on top) or "wide" (a phone on its side) */
function mode(){return getComputedStyle(app).getPropertyValue("--mode").trim()||"desktop";}
function phone(){return mode()!=="desktop";}
function say(text){sayBox.textContent=text;}
/* Scroll a list box (never the page) so that an item in it shows: within the part of the box that is on
   screen and not under the sticky grid. */
function keepInView(box,item){
  if(!box||!item){return;}
  var b=box.getBoundingClientRect(), r=item.getBoundingClientRect(), top=Math.max(b.top,0), bottom=Math.min(b.bottom,window.innerHeight);
  var bb=board.getBoundingClientRect();
  if(box!==board&&!board.contains(box)&&bb.left<b.right&&bb.right>b.left&&bb.bottom>top&&bb.top<=0){top=Math.max(top,bb.bottom);}
  if(bottom-top<r.height*2){top=b.top;bottom=b.bottom;}
  var room=bottom-top, pad=Math.min(room/3,Math.max(0,(room-r.height)/2));
  if(r.height>room){box.scrollTop+=r.top-top;return;}  /* taller than the room: its start shows, read on by scrolling */
  if(r.top<top+pad){box.scrollTop-=top+pad-r.top;}
  else if(r.bottom>bottom-pad){box.scrollTop+=r.bottom-(bottom-pad);}
}
var fitted="";
function fit(){
  var m=mode();
  if(m==="phone"){stepsNav.style.maxHeight=Math.max(160,window.innerHeight-board.offsetHeight-12)+"px";}
  else{stepsNav.style.maxHeight="";}
  fitDesktop(m);
  var more=document.querySelectorAll("button.more");
  for(var i=0;i<more.length;i++){clampNote(more[i].previousElementSibling);}
  placeSteps(m);
}
/* A phone on its side: the step list fills the right column under the controls and captions shown. */
function placeSteps(m){
  if((m||mode())!=="wide"){stepsNav.style.top="";app.style.removeProperty("--gw");return;}
  var shown=app.classList.contains("forcing")&&!app.classList.contains("show-grid")?chainSvg:mainSvg;
  app.style.setProperty("--gw",Math.ceil(shown.getBoundingClientRect().width)+"px");
  var top=app.getBoundingClientRect().top, low=0, parts=board.querySelectorAll(".nav,.flip,.chain-nav,.capbox,.end");
  for(var i=0;i<parts.length;i++){var r=parts[i].getBoundingClientRect();if(r.height&&r.bottom-top>low){low=r.bottom-top;}}
  stepsNav.style.top=Math.round(low+4)+"px";
}
/* On a desktop the grids are drawn as big as the window lets them be with the header above, the step's
   caption (and a chain's caption and ending) in view: nothing of the step opens below the fold. Worked out
   again only when the window, the layout or the chain's ending changes, so the grid holds still as one steps. */
function fitDesktop(m){
  var key=m+" "+window.innerWidth+"x"+window.innerHeight+" "+(chain?chain.br.e:"");
  if(key===fitted){return;}
  fitted=key;
  var svgs=document.querySelectorAll(".gridbox svg"), i;
  for(i=0;i<svgs.length;i++){svgs[i].style.maxWidth="";}
  if(m!=="desktop"){return;}
  var top=app.getBoundingClientRect().top+window.pageYOffset, avail=window.innerHeight-top-16;
  var nav=board.querySelector(".nav").offsetHeight+12, cap=board.querySelector("#board>.capbox").offsetHeight+12;
  fitGrid(mainSvg,avail-nav-cap);
  if(!chainBox.hidden&&chain){  /* the chain's column down to its ending, as tall as at its last link (the list of
                                   links under it may go below) */
    var said=chainEnd.textContent;chainEnd.textContent=chain.br.e;
    var c=chainBox.getBoundingClientRect(), e=chainEnd.getBoundingClientRect();
    fitGrid(chainSvg,avail-nav-(e.bottom-c.top-chainSvg.getBoundingClientRect().height)-8);
    chainEnd.textContent=said;
  }
}
function fitGrid(svg,room){
  var vb=svg.viewBox.baseVal, w=Math.max(300,room*vb.width/vb.height);
  svg.style.maxWidth=Math.floor(w)+"px";
}
/* A caption clipped to a few lines says so: its "more" button shows the rest. */
function clampNote(box){
  var btn=box.nextElementSibling, open=box.classList.contains("open");
  btn.hidden=!open&&box.scrollHeight<=box.clientHeight+2;
  btn.firstChild.nodeValue=open?"less":"more";
  btn.setAttribute("aria-expanded",open?"true":"false");
}
function showCaption(box,btn){
  box.textContent="";box.classList.remove("open");
  if(btn){var kids=btn.cloneNode(true).childNodes;while(kids.length){box.appendChild(kids[0]);}}
  clampNote(box);
}
function go(f,focus){
  f=Math.max(0,Math.min(last,f));
  var old=byFrame[cur];
  if(old){old.parentNode.classList.remove("current");old.removeAttribute("aria-current");old.tabIndex=-1;}
  var had=stepsNav.contains(document.activeElement);
  cur=f;
  var btn=byFrame[f];
  paint(mainSvg,states[f],frames[f],null,f===0?"the start":"after step "+f+" of "+last);
  pos.textContent=f===0?"Start / "+last+" steps":"Step "+f+" / "+last;
  showCaption(cap,btn);
  prev.disabled=f===0;next.disabled=f===last;
  document.body.setAttribute("data-frame",String(f));
  openChains(f);
  if(btn){
    btn.parentNode.classList.add("current");btn.setAttribute("aria-current","step");btn.tabIndex=0;
    keepInView(stepsNav,btn);
    if(focus||had){btn.focus({preventScroll:true});}
    say((f===0?"Start. ":"Step "+f+" of "+last+". ")+btn.textContent.replace(/^\s*\d+\s*/,""));
  }
  syncHash();
}
/* The address follows the step (#N), a moment after the stepping stops: browsers refuse a flood of history calls. */
var hashTimer=null;
function syncHash(){
  clearTimeout(hashTimer);
  hashTimer=setTimeout(function(){if(location.hash!=="#"+cur&&history.replaceState){history.replaceState(null,"","#"+cur);}},200);
}
function show(what){
  app.classList.toggle("show-grid",what==="grid");
  var bts=flip.querySelectorAll("button");
  for(var i=0;i<bts.length;i++){bts[i].setAttribute("aria-pressed",bts[i].getAttribute("data-show")===what?"true":"false");}
  fit();
}
function openChains(f){
  var spec=frames[f], open=spec.x!==undefined;
  chain=null;
  app.classList.toggle("forcing",open);
  if(chainBox.hidden===open){chainBox.hidden=!open;}
  if(!open){show("chain");return;}
  branchBox.textContent="";
  var br=D.chains[spec.x];
  for(var b=0;b<br.length;b++){
    var bt=document.createElement("button");bt.type="button";bt.textContent=br[b].t;bt.setAttribute("data-b",b);
    branchBox.appendChild(bt);
  }
  branch(0);
  show("chain");  /* after the chain is filled in: the layout is measured with it */
}
function branch(b){
  var br=D.chains[frames[cur].x][b], st=[states[cur-1]];
  for(var l=0;l<br.f.length;l++){st.push(apply(st[l],br.f[l]));}
  chain={b:b,br:br,st:st,l:0};
  lastBtn.querySelector(".what").textContent=br.e.indexOf("contradiction")===0?"Contradiction":"End";
  var bts=branchBox.querySelectorAll("button");
  for(var i=0;i<bts.length;i++){bts[i].className=(i===b?"on":"");bts[i].setAttribute("aria-pressed",i===b?"true":"false");}
  var origin=byFrame[cur].parentNode.querySelectorAll(".chains > .branch")[b];
  chainList.textContent="";
  var kids=origin.cloneNode(true).childNodes;
  while(kids.length){chainList.appendChild(kids[0]);}
  var links=chainList.querySelectorAll("button.link");
  for(var k=0;k<links.length;k++){links[k].tabIndex=-1;}
  link(1);
}
/* the link's name: "the supposition", or "L3 of 12" (L1..Lk after the supposition, as in the terminal) */
function linkName(l){
  var k=l-chain.br.s;
  return k<=0?(l===0?"before the supposition":"the supposition"):"L"+k+" of "+chain.br.k;
}
function link(l,focus){
  if(!chain){return;}
  var top=chain.br.f.length;
  l=Math.max(0,Math.min(top,l));
  var items=chainList.querySelectorAll("button.link"), was=items[chain.l-1];
  if(was){was.tabIndex=-1;}
  chain.l=l;
  paint(chainSvg,chain.st[l],(l===top&&chain.br.z)?chain.br.z:(l?chain.br.f[l-1]:{}),chain.st[0],
        l===0?"the chain, before the supposition":"the chain, "+linkName(l));
  for(var i=0;i<items.length;i++){
    var on=i===l-1;items[i].parentNode.classList.toggle("current",on);
    if(on){items[i].setAttribute("aria-current","step");items[i].tabIndex=0;}else{items[i].removeAttribute("aria-current");}
  }
  if(l&&items[l-1]){keepInView(chainList,items[l-1]);if(focus){items[l-1].focus({preventScroll:true});}}
  document.getElementById("chain-pos").textContent=linkName(l);
  showCaption(chainCap,l?items[l-1]:null);
  var end=l===top;
  chainEnd.hidden=!end;chainEnd.textContent=end?chain.br.e:"";
  placeSteps();
  document.getElementById("chain-prev").disabled=l===0;
  document.getElementById("chain-next").disabled=l===top;
  document.getElementById("chain-first").disabled=l<=1;
  document.getElementById("chain-last").disabled=l===top;
  chainSvg.setAttribute("data-link",String(l));
  if(chain.said!==undefined||focus){say(linkName(l)+". "+chainCap.textContent+(end?" "+chain.br.e:""));}
  chain.said=l;
}
stepsNav.addEventListener("click",function(ev){
  var btn=ev.target.closest("button.step");if(btn){go(+btn.getAttribute("data-f"),true);}
});
prev.addEventListener("click",function(){go(cur-1);});
next.addEventListener("click",function(){go(cur+1);});
branchBox.addEventListener("click",function(ev){var bt=ev.target.closest("button");if(bt){branch(+bt.getAttribute("data-b"));}});
chainList.addEventListener("click",function(ev){var bt=ev.target.closest("button.link");if(bt){link(+bt.getAttribute("data-l"),true);}});
document.getElementById("chain-prev").addEventListener("click",function(){link(chain.l-1);});
document.getElementById("chain-next").addEventListener("click",function(){link(chain.l+1);});
/* the jumps: to the supposition (the chain's start) and to its last link, where the contradiction shows */
firstBtn.addEventListener("click",function(){link(1);});
lastBtn.addEventListener("click",function(){link(chain.br.f.length);});
flip.addEventListener("click",function(ev){var bt=ev.target.closest("button");if(bt){show(bt.getAttribute("data-show"));}});
board.addEventListener("click",function(ev){
  var bt=ev.target.closest("button.more");if(!bt){return;}
  bt.previousElementSibling.classList.toggle("open");clampNote(bt.previousElementSibling);fit();
});
/* The arrow keys step only while the focus is in the step list or on a grid; elsewhere they scroll as usual. */
document.addEventListener("keydown",function(ev){
  if(ev.altKey||ev.ctrlKey||ev.metaKey){return;}
  var a=document.activeElement, inChain=chain&&chainBox.contains(a)&&!branchBox.contains(a);
  var inSteps=stepsNav.contains(a)||mainBox.contains(a);
  if(!inChain&&!inSteps){return;}
  var step={"ArrowRight":1,"ArrowDown":1,"ArrowLeft":-1,"ArrowUp":-1}[ev.key];
  var focus=!mainBox.contains(a)&&!document.getElementById("chain-grid").contains(a)&&!a.closest(".chain-nav");
  if(step){ev.preventDefault();if(inChain){link(chain.l+step,focus);}else{go(cur+step,focus);}}
  else if(ev.key==="Home"){ev.preventDefault();if(inChain){link(0);}else{go(0,focus);}}
  else if(ev.key==="End"){ev.preventDefault();if(inChain){link(chain.br.f.length,focus);}else{go(last,focus);}}
});
function fromHash(){var h=parseInt((location.hash||"#0").slice(1),10);return isNaN(h)?0:h;}
window.addEventListener("hashchange",function(){if(fromHash()!==cur){go(fromHash());}});
window.addEventListener("popstate",function(){if(fromHash()!==cur){go(fromHash());}});
window.addEventListener("resize",fit);
function buildPrint(){
  var box=document.getElementById("print"), det=document.querySelectorAll("details");
  for(var o=0;o<det.length;o++){det[o].open=true;}
  if(box.childNodes.length){return;}
  var h2=document.createElement("h2");h2.textContent="The solve, pass by pass (each grid as the pass left it; its changes tinted)";box.appendChild(h2);
  var views=[{t:"Start",f:0,from:1,to:0}].concat(D.passes);
  for(var i=0;i<views.length;i++){
    var p=views[i], sec=document.createElement("section"), fig=document.createElement("div"), h=document.createElement("h3");
    sec.className="print-pass";fig.className="fig";h.textContent=p.t;fig.appendChild(h);
    var svg=mainSvg.cloneNode(true);svg._parts=null;svg.style.maxWidth="";  /* the print's own size, not the screen's */
    paint(svg,states[p.f],{c:p.c||[],b:p.b||[]},null,p.t);
    var hidden=svg.querySelectorAll("g.k.off, g.k.on line, rect.lane.off");  /* lighter to print: drop what does not show */
    for(var x=0;x<hidden.length;x++){hidden[x].parentNode.removeChild(hidden[x]);}
    fig.appendChild(svg);sec.appendChild(fig);
    var ol=document.createElement("ol");
    for(var f=p.from;f<=p.to;f++){
      var li=document.createElement("li"), b=byFrame[f];
      if(b){var kids=b.cloneNode(true).childNodes;while(kids.length){li.appendChild(kids[0]);}}
      var ch=b&&b.parentNode.querySelectorAll(".chains > .branch");
      for(var c=0;ch&&c<ch.length;c++){
        var sub=document.createElement("ol"), t=document.createElement("li");
        t.textContent="Chain: "+ch[c].getAttribute("data-t");sub.appendChild(t);
        var links=ch[c].children;
        for(var k=0;k<links.length;k++){
          var lk=document.createElement("li"), orig=links[k].querySelector("button");
          if(orig){var ks=orig.cloneNode(true).childNodes;while(ks.length){lk.appendChild(ks[0]);}}else{lk.textContent=links[k].textContent;lk.className="end";}
          sub.appendChild(lk);
        }
        li.appendChild(sub);
      }
      ol.appendChild(li);
    }
    if(p.to>=p.from){sec.appendChild(ol);}
    box.appendChild(sec);
  }
}
window.addEventListener("beforeprint",buildPrint);
if(window.matchMedia){var mq=window.matchMedia("print");if(mq.addEventListener){mq.addEventListener("change",function(e){if(e.matches){buildPrint();}});}}
document.addEventListener("click",function(ev){if(ev.target.closest&&ev.target.closest("#print-button")){buildPrint();window.print();}});
/* More of the walk-through, for the web app (it shows the steps while the engine finds them): the new frames' data,
   then the step list's new items, a few pieces a task, so the page never stalls on a long list; done() once all are in.
   m: {from, to, frames, chains, passes, pieces: [{into: "new"|"last", title, html}], header, title, after, solution}. */
function add(m,done){
  if(m.from!==frames.length-1){throw new Error("the walk-through shows "+(frames.length-1)+" steps, not "+m.from);}
  for(var i=0;i<m.frames.length;i++){frames.push(m.frames[i]);states.push(apply(states[states.length-1],m.frames[i]));}
  D.chains=D.chains.concat(m.chains);D.passes=m.passes;D.solution=m.solution;
  var list=stepsNav.querySelector("ol"), k=0;
  function piece(){
    var t0=performance.now();
    while(k<m.pieces.length){  /* pieces for some 30 ms, then the browser draws them before the next */
      var pc=m.pieces[k++], t=document.createElement("template");
      t.innerHTML=pc.html;
      var bs=t.content.querySelectorAll("button.step");
      for(var b=0;b<bs.length;b++){byFrame[+bs[b].getAttribute("data-f")]=bs[b];bs[b].tabIndex=-1;}
      if(pc.into==="new"){list.appendChild(t.content);}
      else{var li=list.lastElementChild;li.querySelector("h3").textContent=pc.title;li.querySelector("ol").appendChild(t.content);}
      if(k<m.pieces.length&&performance.now()-t0>30){setTimeout(piece,0);return;}
    }
    last=frames.length-1;
    var h=document.querySelector("header");
    if(h){h.outerHTML=m.header;}
    document.title=m.title;
    if(m.after){document.getElementById("print").insertAdjacentHTML("beforebegin",m.after);}
    document.getElementById("print").textContent="";  /* printed again from the whole */
    pos.textContent=cur===0?"Start / "+last+" steps":"Step "+cur+" / "+last;
    next.disabled=cur===last;
    if(done){done();}
  }
  piece();
}
/* Set up once the page is parsed, in a task of its own (the parse's is long enough on a big grid): the layout the
   window gets, the step in the address, then the grids' cells. Whatever is asked of the viewer before then sets it up
   first. #app.drawn: every cell is shown. */
var started=false;
function start(){
  if(started){return;}
  started=true;
  if(mode()==="desktop"){document.getElementById("key").open=true;}
  fit();
  go(fromHash());
  if(location.hash&&phone()){window.scrollTo(0,app.getBoundingClientRect().top+window.pageYOffset);fit();keepInView(stepsNav,byFrame[cur]);}
  /* The grids' cells (a 12x12's are some 8,000 boxes of text) were kept out of the layout until now: sized and painted
     at their step, they are laid out once, not again and again while the page is set up, and a few rows a frame, so
     that no one task of the page's lays out a whole big grid. */
  var cells=[].slice.call(mainSvg.querySelectorAll("g.cell")).concat([].slice.call(chainSvg.querySelectorAll("g.cell"))), at=0, rows=Math.max(1,Math.floor(24/n));
  function more(){
    for(var end=Math.min(cells.length,at+rows*n);at<end;at++){cells[at].setAttribute("data-in","");}
    if(at<cells.length&&n>6){setTimeout(function(){requestAnimationFrame(more);},0);}else{app.classList.add("drawn");}
  }
  more();
}
function first(f){return function(){start();return f.apply(null,arguments);};}
window.ascentView={go:first(go),link:first(link),branch:first(branch),show:first(show),mode:mode,add:first(add),
  last:function(){return last;},state:function(){return states[cur];},current:function(){return cur;},buildPrint:buildPrint};
setTimeout(start,0);
})();
"""
