// import.js drives the import page's upload progress bar from htmx's
// upload progress events. Without it (or without htmx) the bar stays
// indeterminate and the form still works.
(function () {
  'use strict';

  // Both the upload and the download report progress; once the upload is
  // complete, the download's events must not move the bar back.
  var sent = false;

  function parts(evt) {
    var form = evt.target;
    if (!form || form.id !== 'import-form') return null;
    var bar = document.getElementById('import-progress');
    var label = document.getElementById('import-progress-label');
    return bar ? { bar: bar, label: label } : null;
  }

  document.addEventListener('htmx:xhr:loadstart', function (evt) {
    var p = parts(evt);
    if (!p) return;
    sent = false;
    p.bar.removeAttribute('value'); // indeterminate until sizes are known
    if (p.label) p.label.textContent = 'Uploading…';
  });

  document.addEventListener('htmx:xhr:progress', function (evt) {
    var p = parts(evt);
    if (!p || sent || !evt.detail.lengthComputable || !evt.detail.total) return;
    var pct = Math.min(100, Math.round((evt.detail.loaded * 100) / evt.detail.total));
    p.bar.value = pct;
    p.bar.textContent = pct + '%';
    sent = pct >= 100;
    if (p.label) {
      // Once every byte is sent the server reads the file; its own
      // progress (documents and messages) replaces this once it has counted them.
      p.label.textContent = pct < 100 ? 'Uploading… ' + pct + '%' : 'Reading the file…';
    }
  });
})();

// The progress region and, once the job finishes, its results (swapped in
// its place, data-import-finished) sit below the form and, on a small
// screen, below the fold: bring the progress into view once when the job
// starts, and the results when they come.
(function () {
  'use strict';
  var shownJob = '';
  // htmx:load fires on content htmx has just put into the page.
  document.addEventListener('htmx:load', function (evt) {
    var results = evt.target;
    if (!results || results.id !== 'import-results') return;
    var job = results.getAttribute('data-import-job');
    if (job) {
      // Each poll swaps the region again: scroll only for a new job.
      if (job !== shownJob) {
        shownJob = job;
        results.scrollIntoView({ block: 'nearest' });
      }
      return;
    }
    if (!results.hasAttribute('data-import-finished')) return;
    if (results.dataset.shown) return;
    results.dataset.shown = '1';
    results.scrollIntoView({ block: 'start' });
  });
})();
