"""The page's inline CSS and JavaScript (no network, no external URL: everything the page needs is here).

The script reads the JSON in <script id="data">, replays the steps from the starting grid, and
switches classes on the SVG grids the Python side drew (see svg.py for the class names).
"""

PAGE_CSS = r"""
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f6f4}
header{padding:12px 18px;background:#fff;border-bottom:1px solid #ddd}
h1{font-size:1.3em;margin:0 0 4px}
h2{font-size:1.05em;margin:10px 0 6px}
h3{font-size:.95em;margin:12px 0 4px;color:#444}
.summary{margin:2px 0}
.status{font-weight:700;text-transform:uppercase}
.status.solved{color:#1b7a34}.status.stuck{color:#a86b00}.status.contradiction,.status.ambiguous{color:#b71c1c}
.tag{display:inline-block;padding:0 6px;border-radius:9px;color:#fff;font-size:.8em;font-weight:600;white-space:nowrap;background:#555;vertical-align:1px}
.t-ascent{background:#1565c0}.t-peak-descent{background:#6a1b9a}.t-sudoku{background:#2e7d32}
.t-pinpoint{background:#00838f}.t-isolate{background:#ef6c00}.t-solve{background:#546e7a}
.t-sequence{background:#ad1457}.t-fish{background:#4527a0}.t-forcing{background:#c62828}.t-backtrack{background:#212121}
details.formats{margin-top:6px}
details.formats dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:6px 0}
details.formats dt{font-weight:600}
details.formats dd{margin:0;min-width:0}
details.formats pre{margin:0;white-space:pre-wrap;word-break:break-all;font-size:.85em;background:#f1f1ee;padding:2px 5px;border-radius:3px}
main{display:flex;gap:18px;padding:14px 18px;align-items:flex-start}
#board{flex:0 0 min(540px,50vw);min-width:0;position:sticky;top:8px}
.gridbox svg{width:100%;height:auto;max-width:560px;display:block;background:#fff;border-radius:6px}
.nav{display:flex;align-items:center;gap:8px;margin:6px 0}
.nav button,.chain-nav button,#print-button{font:inherit;white-space:nowrap;padding:4px 12px;border:1px solid #bbb;border-radius:5px;background:#fff;cursor:pointer}
.nav button:disabled,.chain-nav button:disabled{opacity:.4;cursor:default}
#pos{flex:1;min-width:6em;text-align:center;font-variant-numeric:tabular-nums}
.caption{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 10px;margin:8px 0;min-height:3em}
.where{color:#1d5fa8;font-weight:600}
.changes{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em;color:#1b7a34;overflow-wrap:anywhere}
#steps{flex:1 1 auto;min-width:0;max-height:calc(100vh - 40px);overflow:auto;position:sticky;top:8px}
#steps ol{list-style:none;margin:0;padding:0}
#steps li.pass{margin-bottom:6px}
button.step,button.link{display:block;width:100%;text-align:left;font:inherit;font-size:.9em;background:#fff;border:1px solid #e2e2e2;border-radius:5px;padding:4px 7px;margin:2px 0;cursor:pointer;color:inherit}
button.step:hover,button.link:hover{border-color:#999}
li.current>button.step,li.current>button.link{border-color:#c2185b;box-shadow:0 0 0 2px #f8bbd0;background:#fffafc}
.num{color:#888;font-variant-numeric:tabular-nums;margin-right:4px}
.chains{display:none}
#chain{border:2px solid #c62828;border-radius:8px;padding:6px 10px;background:#fff;margin-top:10px}
#chain[hidden]{display:none}
.chain-nav{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:4px 0}
.branches button.on{border-color:#c62828;background:#ffebee}
li.end{font-weight:600;color:#b71c1c;padding:4px 7px}
#chain ol{list-style:none;padding:0;margin:0;max-height:260px;overflow:auto}
#print{display:none}
footer{padding:8px 18px;color:#777;font-size:.85em}
@media (max-width:760px){
 main{display:block;padding:8px}
 #board{position:static;width:auto}
 #steps{max-height:none;position:static;margin-top:10px}
 header{padding:8px}
 details.formats dl{grid-template-columns:1fr}
}
@media print{
 body{background:#fff}
 main,footer,#print-button{display:none}
 #print{display:block}
 .print-pass{break-inside:avoid;page-break-inside:avoid;margin:0 0 14px}
 .print-pass svg{width:11cm;height:auto}
 .print-pass ol{font-size:9pt;margin:4px 0 0;padding:0;list-style:none}
 .print-pass + .print-pass{break-before:page;page-break-before:always}
}
"""

PAGE_JS = r"""
(function(){
"use strict";
var D=JSON.parse(document.getElementById("data").textContent);
var n=D.n, N2=n*n, frames=D.frames, last=frames.length-1;
function sym(d){return d<10?String(d):String.fromCharCode(55+d);}
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
  var cells=svg.querySelectorAll("g.cell"), P={cell:[],v:[],k:[],clue:{},lane:svg.querySelector("rect.lane")};
  for(var i=0;i<cells.length;i++){
    P.cell.push(cells[i]);P.v.push(cells[i].querySelector("text.v"));
    var ks=cells[i].querySelectorAll("g.k"), row=[];
    for(var d=0;d<ks.length;d++){row.push(ks[d]);}
    P.k.push(row);
  }
  var clues=svg.querySelectorAll("text.clue");
  for(var c=0;c<clues.length;c++){P.clue[clues[c].getAttribute("data-side")+clues[c].getAttribute("data-k")]=clues[c];}
  svg._parts=P;return P;
}
function paint(svg,st,spec){
  var P=parts(svg), gone={}, put={}, used={}, broken={}, i, j;
  var e=spec.e||[], p=spec.p||[], c=spec.c||[], b=spec.b||[];
  for(i=0;i<e.length;i+=2){gone[e[i]]=(gone[e[i]]||0)|e[i+1];}
  for(i=0;i<p.length;i+=2){put[p[i]]=1;}
  for(i=0;i<c.length;i++){used[c[i]]=1;}
  for(i=0;i<b.length;i++){broken[b[i]]=1;}
  for(i=0;i<N2;i++){
    var cls="cell"+(used[i]?" used":"")+(put[i]?" placed":"")+(broken[i]?" broken":"");
    P.cell[i].setAttribute("class",cls);
    P.v[i].textContent=st.v[i]?sym(st.v[i]):"";
    var g=gone[i]||0;
    for(j=0;j<n;j++){
      var bit=1<<j, k=(g&bit)?"k struck":((st.m[i]&bit)&&!st.v[i]?"k on":"k off");
      if(P.k[i][j].getAttribute("class")!==k){P.k[i][j].setAttribute("class",k);}
    }
  }
  for(var key in P.clue){P.clue[key].setAttribute("class","clue");}
  if(spec.s){var hot=P.clue[spec.s+spec.k];if(hot){hot.setAttribute("class","clue hot");}}
  if(spec.l){
    P.lane.setAttribute("x",spec.l[0]);P.lane.setAttribute("y",spec.l[1]);
    P.lane.setAttribute("width",spec.l[2]);P.lane.setAttribute("height",spec.l[3]);
    P.lane.setAttribute("class","lane");
  }else{P.lane.setAttribute("class","lane off");}
  svg.setAttribute("data-frame",spec.id||"");
}
var mainSvg=document.querySelector("#main-grid svg"), chainSvg=document.querySelector("#chain-grid svg");
var buttons=document.querySelectorAll("#steps button.step");
var byFrame=[];for(var q=0;q<buttons.length;q++){byFrame[+buttons[q].getAttribute("data-f")]=buttons[q];}
var pos=document.getElementById("pos"), cap=document.getElementById("caption");
var prev=document.getElementById("prev"), next=document.getElementById("next");
var chainBox=document.getElementById("chain"), chainList=document.getElementById("chain-steps");
var branchBox=document.getElementById("branches"), chainCap=document.getElementById("chain-caption");
var cur=0, chain=null;
function showCaption(box,btn){
  box.textContent="";
  if(!btn){return;}
  var kids=btn.cloneNode(true).childNodes;
  while(kids.length){box.appendChild(kids[0]);}
}
function go(f){
  f=Math.max(0,Math.min(last,f));
  if(byFrame[cur]){byFrame[cur].parentNode.classList.remove("current");}
  cur=f;
  var btn=byFrame[f];
  if(btn){btn.parentNode.classList.add("current");btn.scrollIntoView({block:"nearest"});}
  paint(mainSvg,states[f],frames[f]);
  pos.textContent=f===0?"Start / "+last+" steps":"Step "+f+" / "+last;
  showCaption(cap,btn);
  prev.disabled=f===0;next.disabled=f===last;
  document.body.setAttribute("data-frame",String(f));
  openChains(f);
  if(location.hash!=="#"+f&&history.replaceState){history.replaceState(null,"","#"+f);}
}
function openChains(f){
  var spec=frames[f];
  chain=null;
  if(spec.x===undefined){chainBox.hidden=true;return;}
  chainBox.hidden=false;
  branchBox.textContent="";
  var br=D.chains[spec.x];
  for(var b=0;b<br.length;b++){
    var bt=document.createElement("button");bt.type="button";bt.textContent=br[b].t;bt.setAttribute("data-b",b);
    branchBox.appendChild(bt);
  }
  branch(0);
}
function branch(b){
  var br=D.chains[frames[cur].x][b], st=[states[cur-1]];
  for(var l=0;l<br.f.length;l++){st.push(apply(st[l],br.f[l]));}
  chain={b:b,br:br,st:st,l:0};
  var bts=branchBox.querySelectorAll("button");
  for(var i=0;i<bts.length;i++){bts[i].className=(i===b?"on":"");}
  var origin=byFrame[cur].parentNode.querySelectorAll(".chains > .branch")[b];
  chainList.textContent="";
  var kids=origin.cloneNode(true).childNodes;
  while(kids.length){chainList.appendChild(kids[0]);}
  link(1);
}
function link(l){
  if(!chain){return;}
  var top=chain.br.f.length;
  l=Math.max(0,Math.min(top,l));
  chain.l=l;
  paint(chainSvg,chain.st[l],(l===top&&chain.br.z)?chain.br.z:(l?chain.br.f[l-1]:{}));
  var items=chainList.querySelectorAll("button.link");
  for(var i=0;i<items.length;i++){items[i].parentNode.classList.toggle("current",i===l-1);}
  if(l&&items[l-1]){items[l-1].scrollIntoView({block:"nearest"});}
  document.getElementById("chain-pos").textContent=l===0?"before the supposition":"link "+l+" / "+top;
  showCaption(chainCap,l?items[l-1]:null);
  if(l===top&&chain.br.c){chainCap.appendChild(document.createTextNode(" "));var end=document.createElement("strong");end.className="end";end.textContent=chain.br.e;chainCap.appendChild(end);}
  document.getElementById("chain-prev").disabled=l===0;
  document.getElementById("chain-next").disabled=l===top;
  chainSvg.setAttribute("data-link",String(l));
}
document.getElementById("steps").addEventListener("click",function(ev){
  var btn=ev.target.closest("button.step");if(btn){go(+btn.getAttribute("data-f"));}
});
prev.addEventListener("click",function(){go(cur-1);});
next.addEventListener("click",function(){go(cur+1);});
branchBox.addEventListener("click",function(ev){var bt=ev.target.closest("button");if(bt){branch(+bt.getAttribute("data-b"));}});
chainList.addEventListener("click",function(ev){var bt=ev.target.closest("button.link");if(bt){link(+bt.getAttribute("data-l"));}});
document.getElementById("chain-prev").addEventListener("click",function(){link(chain.l-1);});
document.getElementById("chain-next").addEventListener("click",function(){link(chain.l+1);});
document.addEventListener("keydown",function(ev){
  if(ev.altKey||ev.ctrlKey||ev.metaKey){return;}
  var inChain=chain&&chainBox.contains(document.activeElement);
  var step={"ArrowRight":1,"ArrowDown":1,"ArrowLeft":-1,"ArrowUp":-1}[ev.key];
  if(step){ev.preventDefault();if(inChain){link(chain.l+step);}else{go(cur+step);}}
  else if(ev.key==="Home"){ev.preventDefault();go(0);}
  else if(ev.key==="End"){ev.preventDefault();go(last);}
});
function buildPrint(){
  var box=document.getElementById("print"), det=document.querySelectorAll("details");
  for(var o=0;o<det.length;o++){det[o].open=true;}
  if(box.childNodes.length){return;}
  var views=[{t:"Start",f:0,from:1,to:0}].concat(D.passes);
  for(var i=0;i<views.length;i++){
    var p=views[i], fig=document.createElement("section"), h=document.createElement("h3");
    fig.className="print-pass";h.textContent=p.t;fig.appendChild(h);
    var svg=mainSvg.cloneNode(true);svg._parts=null;
    paint(svg,states[p.f],{c:p.c||[]});
    fig.appendChild(svg);
    var ol=document.createElement("ol");
    for(var f=p.from;f<=p.to;f++){
      var li=document.createElement("li"), b=byFrame[f];
      if(b){var kids=b.cloneNode(true).childNodes;while(kids.length){li.appendChild(kids[0]);}}
      ol.appendChild(li);
    }
    if(p.to>=p.from){fig.appendChild(ol);}
    box.appendChild(fig);
  }
}
window.addEventListener("beforeprint",buildPrint);
if(window.matchMedia){var mq=window.matchMedia("print");if(mq.addEventListener){mq.addEventListener("change",function(e){if(e.matches){buildPrint();}});}}
document.getElementById("print-button").addEventListener("click",function(){buildPrint();window.print();});
window.ascentView={go:go,link:link,branch:branch,state:function(){return states[cur];},current:function(){return cur;},buildPrint:buildPrint};
var h=parseInt((location.hash||"#0").slice(1),10);
go(isNaN(h)?0:h);
})();
"""
