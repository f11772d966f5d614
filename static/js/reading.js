// reading.js: the session page built for reading, and the menu on a phone.
// Loaded with `defer` under a CSP of script-src 'self'; without it every
// page still works (the nav wraps, the side panel stays open, a jump
// lands at the top of the transcript chunk it asked for).
//
//   - .app-nav collapses behind a Menu button on a phone.
//   - The session's side panel (#side-panel) starts folded on a narrow
//     screen, so the transcript is on the first screen.
//   - The session list's filters (#filters-more) start folded on a phone,
//     their line counting the filters set.
//   - Links with data-open-side="ID" open the side panel and section ID
//     before the browser scrolls to it.
//   - A jump (?at=N, #transcript[data-at]) scrolls to message N and
//     highlights it; a jump form whose message is already on the page
//     scrolls there without a reload. Messages loaded above the reader
//     ("Load earlier messages") leave what they read where it was.
(function () {
  'use strict';

  var phone = window.matchMedia('(max-width: 48rem)');
  var narrow = window.matchMedia('(max-width: 64rem)');

  // --- Menu on a phone -----------------------------------------------------

  function setUpMenu() {
    var header = document.querySelector('.app-header');
    var nav = header && header.querySelector('.app-nav');
    if (!nav || header.querySelector('.nav-toggle')) return;
    if (!nav.id) nav.id = 'app-nav';
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn btn-secondary btn-small nav-toggle';
    button.setAttribute('aria-controls', nav.id);
    button.setAttribute('aria-expanded', 'false');
    button.textContent = 'Menu';
    var current = nav.querySelector('[aria-current="page"]');
    if (current) {
      // The page's name may be cut short (…) so the header stays one line.
      var name = document.createElement('span');
      name.className = 'nav-toggle-current';
      name.textContent = '· ' + current.textContent;
      button.appendChild(name);
    }
    button.addEventListener('click', function () {
      var open = header.classList.toggle('nav-open');
      button.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
    header.insertBefore(button, nav);
    header.classList.add('nav-collapsible');
  }

  // --- Side panel ------------------------------------------------------------

  function openSide(id) {
    var panel = document.getElementById('side-panel');
    if (panel) panel.open = true;
    var section = document.getElementById(id);
    if (section && section.tagName === 'DETAILS') section.open = true;
  }

  document.addEventListener('click', function (evt) {
    var link = evt.target.closest && evt.target.closest('[data-open-side]');
    if (!link) return;
    openSide(link.getAttribute('data-open-side'));
    // The browser follows the #fragment after this, to the now open section.
  });

  // --- Jumps -----------------------------------------------------------------

  // land scrolls message n into view at the top of the screen and marks it.
  function land(n) {
    var msg = document.getElementById('m-' + n);
    if (!msg) return false;
    var old = document.querySelectorAll('.transcript > li.is-target');
    Array.prototype.forEach.call(old, function (el) { el.classList.remove('is-target'); });
    msg.classList.add('is-target');
    msg.scrollIntoView({ block: 'start' });
    return true;
  }

  document.addEventListener('submit', function (evt) {
    var form = evt.target;
    if (!form.classList || !form.classList.contains('jump')) return;
    var input = form.querySelector('input[name="at"]');
    var n = input && parseInt(input.value, 10);
    if (n > 0 && land(n)) {
      evt.preventDefault();
      var url = new URL(window.location.href);
      url.searchParams.set('at', String(n));
      url.hash = 'm-' + n;
      window.history.replaceState(null, '', url.toString());
    }
  });

  // Loading earlier messages above the reader must not move what they
  // read: keep the first message below the loader where it was.
  var keep = null;
  document.addEventListener('htmx:beforeSwap', function (evt) {
    var target = evt.detail.target;
    if (!target || !target.classList || !target.classList.contains('transcript-earlier')) return;
    var anchor = target.nextElementSibling;
    keep = anchor ? { el: anchor, top: anchor.getBoundingClientRect().top } : null;
  });
  document.addEventListener('htmx:afterSwap', function () {
    if (!keep) return;
    var moved = keep.el.getBoundingClientRect().top - keep.top;
    if (moved) window.scrollBy(0, moved);
    keep = null;
  });

  // --- Session list filters --------------------------------------------------

  // The filters besides the search are folded on a phone, so the first
  // sessions are on the first screen; the folded line counts the ones set
  // (as views.activeFilters does) and follows the steward's changes.
  function countFilters() {
    var more = document.getElementById('filters-more');
    var out = more && more.querySelector('[data-filters-count]');
    if (!out) return;
    var set = {};
    Array.prototype.forEach.call(more.querySelectorAll('input[name], select[name]'), function (el) {
      var on = el.type === 'checkbox' ? el.checked : el.value.trim() !== '';
      if (on) set[el.name] = true;
    });
    var n = Object.keys(set).length;
    out.textContent = n ? ' (' + n + ' active)' : '';
  }

  document.addEventListener('change', function (evt) {
    if (evt.target.closest && evt.target.closest('#filters-more')) countFilters();
  });

  function start() {
    setUpMenu();
    var filters = document.getElementById('filters-more');
    if (filters && phone.matches) filters.open = false;
    var panel = document.getElementById('side-panel');
    if (panel && narrow.matches) panel.open = false;
    var transcript = document.getElementById('transcript');
    var at = transcript && parseInt(transcript.getAttribute('data-at') || '0', 10);
    if (at > 0) land(at);
    if (window.location.hash.indexOf('#side-') === 0) openSide(window.location.hash.slice(1));
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
  // Unused on a wide screen, but keeps the menu state honest after a resize.
  phone.addEventListener('change', function () {
    var header = document.querySelector('.app-header.nav-open');
    if (header && !phone.matches) header.classList.remove('nav-open');
  });
})();
