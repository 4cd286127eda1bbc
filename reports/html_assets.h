// The HTML report's style and its one small script, inline so the file
// works offline. pugixml escapes text, so neither may contain '<', '>' or
// '&': the CSS uses no child selectors, the script no arrows or '&&'.
#pragma once

namespace ibvcert::html {

// Five runs fit 1400 px: the matrix is laid out fixed, the clause column
// takes 24em and the run columns share the rest; long words wrap anywhere.
inline const char kStyle[] = R"css(
body { font-family: sans-serif; margin: 1em 1.5em; color: #222; }
h1 { margin: 0 0 .2em 0; } h2 { margin: 1em 0 .4em 0; }
table { border-collapse: collapse; margin-bottom: 1em; }
th, td { border: 1px solid #bbb; padding: 3px 6px; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
th { background: #eee; }
#verdicts { display: flex; flex-wrap: wrap; gap: .6em; }
.verdict { flex: 1 1 13em; max-width: 30em; border: 2px solid #888; border-radius: 4px; padding: .4em .6em; }
.verdict .run { font-size: 85%; color: #444; }
.verdict .headline { font-size: 125%; font-weight: bold; margin: .2em 0; }
.verdict ul { margin: .2em 0; padding-left: 1.2em; font-size: 90%; }
.verdict .policy { font-size: 80%; color: #555; }
.verdict.conformant { border-color: #2a7a3a; background: #e6f5e9; }
.verdict.deviations { border-color: #b8860b; background: #fdf2d0; }
.verdict.not-conformant { border-color: #b22; background: #fbe1e1; }
.partial { color: #8a4b00; font-weight: bold; }
#matrix { table-layout: fixed; width: 100%; }
#matrix col.clause { width: 24em; }
#matrix th.runhead div { font-size: 85%; font-weight: normal; }
.name { font-family: monospace; font-weight: bold; }
.level { font-size: 80%; font-weight: bold; padding: 0 .3em; border: 1px solid #999; border-radius: 3px; }
.rules a, .clauses a { font-family: monospace; font-size: 80%; margin-right: .6em; }
.source { font-size: 80%; color: #444; }
td.PASS { background: #d9f2d9; }
td.FAIL, td.CRASH, td.TIMEOUT, td.FIXED, td.INTERRUPTED { background: #f7c6c6; }
td.KNOWN { background: #fde9b5; } td.FLAKY { background: #f3d9f7; } td.SKIP { background: #e6e6e6; }
td .note { font-size: 80%; color: #555; }
tr.evidence td { background: #fcfcfc; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 85%; background: #fafafa; border: 1px solid #ddd;
      padding: 6px; margin: .3em 0; }
#filters { position: sticky; top: 0; background: #fff; padding: .4em 0; border-bottom: 1px solid #ccc; z-index: 1; }
#filters label { margin-right: 1em; }
.flag { color: #a00; font-weight: bold; }
)css";

// Filters: a clause (one tbody) is shown when its data-outcomes,
// data-levels and data-families hold the chosen values ("" = any). A link
// to an evidence block opens it.
inline const char kScript[] = R"js(
(function () {
  var ids = ['filter-outcome', 'filter-level', 'filter-family'];
  var keys = ['outcomes', 'levels', 'families'];
  var selects = ids.map(function (id) { return document.getElementById(id); });
  function holds(list, value) {
    return value === '' || (' ' + (list || '') + ' ').indexOf(' ' + value + ' ') !== -1;
  }
  function apply() {
    var clauses = document.querySelectorAll('#matrix tbody.clause');
    var shown = 0;
    clauses.forEach(function (tb) {
      var ok = selects.every(function (s, i) { return holds(tb.dataset[keys[i]], s.value); });
      tb.hidden = !ok;
      if (ok) shown++;
    });
    document.getElementById('filter-count').textContent =
      shown + ' of ' + clauses.length + ' clauses shown';
  }
  function openTarget() {
    var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      if (target.tagName === 'DETAILS') target.open = true;
      var tb = target.closest('tbody.clause');
      if (tb) tb.hidden = false;
    }
  }
  selects.forEach(function (s) { s.addEventListener('change', apply); });
  window.addEventListener('hashchange', openTarget);
  apply();
  openTarget();
})();
)js";

} // namespace ibvcert::html
