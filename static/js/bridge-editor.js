// bridge-editor.js: the bridge editor's lists and conflicts. Loaded only on
// /bridges/{id}, with `defer`, under a CSP of script-src 'self'.
//
//   - [data-list-add="NAME"] appends a row from <template id="tpl-NAME">;
//     [data-list-up], [data-list-down] and [data-list-remove] move or drop
//     the row they sit in. Each change fires an input event on the form,
//     which htmx turns into an autosave (hx-trigger="input delay:500ms").
//   - A 409 answer (another tab saved first) is swapped in like a success,
//     so the page shows both versions; "Keep mine" saves again on top of
//     the newer revision.
(function () {
  'use strict';

  function form() { return document.getElementById('bridge-form'); }

  function changed() {
    var f = form();
    if (f) { f.dispatchEvent(new Event('input', { bubbles: true })); }
  }

  document.addEventListener('click', function (evt) {
    var t = evt.target;
    if (!(t instanceof Element)) { return; }
    var add = t.closest('[data-list-add]');
    if (add) {
      var name = add.getAttribute('data-list-add');
      var tpl = document.getElementById('tpl-' + name);
      var list = document.getElementById('list-' + name);
      if (tpl && list) {
        var row = tpl.content.firstElementChild.cloneNode(true);
        list.appendChild(row);
        var first = row.querySelector('input, select, textarea');
        if (first) { first.focus(); }
        changed();
      }
      return;
    }
    var row = t.closest('.edit-row');
    if (!row) {
      var keep = t.closest('[data-keep-mine]');
      if (keep) {
        var base = document.getElementById('base-revision');
        if (base) { base.value = keep.getAttribute('data-keep-mine'); }
        var box = document.getElementById('bridge-conflict');
        if (box) { box.hidden = true; }
        changed();
      }
      return;
    }
    if (t.closest('[data-list-remove]')) {
      row.remove();
      changed();
    } else if (t.closest('[data-list-up]')) {
      if (row.previousElementSibling) { row.parentNode.insertBefore(row, row.previousElementSibling); changed(); }
    } else if (t.closest('[data-list-down]')) {
      if (row.nextElementSibling) { row.parentNode.insertBefore(row.nextElementSibling, row); changed(); }
    }
  });

  // A stale save answers 409 with the conflict panel: show it. (A refused
  // save, 400 in HTML, is swapped by baton.js.)
  document.addEventListener('htmx:beforeSwap', function (evt) {
    if (evt.detail.xhr && evt.detail.xhr.status === 409 && evt.detail.elt === form()) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
