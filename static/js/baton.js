// baton.js: the few things every page needs on the client. No framework;
// loaded with `defer` under a CSP of script-src 'self', so nothing here is
// inline and nothing evaluates strings.
//
//   - htmx requests carry the CSRF token from <meta name="csrf-token">
//     as the X-CSRF-Token header.
//   - <button data-copy="ID"> copies the text of the element #ID. Any other
//     element with data-copy is made focusable and works with Enter/Space.
//   - When an htmx request fails and nothing is swapped, the #flash region
//     says what went wrong, instead of the page silently doing nothing.
//   - A 400 answer in HTML is a form sent back with its errors: htmx swaps
//     it in. (A 400 in plain text is an error message for the flash.)
(function () {
  'use strict';

  // --- CSRF ----------------------------------------------------------------

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute('content') : '';
  }

  // sameOrigin keeps the token from ever travelling to another host.
  function sameOrigin(path) {
    try {
      return new URL(path, document.baseURI).origin === window.location.origin;
    } catch (e) {
      return false;
    }
  }

  document.addEventListener('htmx:configRequest', function (evt) {
    var token = csrfToken();
    if (token && sameOrigin(evt.detail.path)) {
      evt.detail.headers['X-CSRF-Token'] = token;
    }
  });

  // --- Announcements -------------------------------------------------------

  // announce tells screen readers about a change that has no visible text
  // of its own ("Copied"), through one polite live region.
  var liveRegion = null;
  function announce(text) {
    if (!liveRegion) {
      liveRegion = document.createElement('span');
      liveRegion.className = 'visually-hidden';
      liveRegion.setAttribute('role', 'status');
      liveRegion.setAttribute('aria-live', 'polite');
      document.body.appendChild(liveRegion);
    }
    liveRegion.textContent = '';
    // A fresh text node after a tick makes repeated messages announce again.
    window.setTimeout(function () { liveRegion.textContent = text; }, 50);
  }

  // --- Copy ----------------------------------------------------------------

  function textOf(el) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      return el.value;
    }
    return el.textContent || '';
  }

  // copyFallback works on plain http, where navigator.clipboard is missing:
  // select the target's text and ask the browser to copy the selection.
  function copyFallback(el) {
    var selection = window.getSelection();
    var range = document.createRange();
    range.selectNodeContents(el);
    selection.removeAllRanges();
    selection.addRange(range);
    var ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (e) {
      ok = false;
    }
    // On failure the text stays selected, so Ctrl+C still works.
    if (ok) selection.removeAllRanges();
    return ok;
  }

  var copyKeys = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘C' : 'Ctrl+C';

  function copy(trigger) {
    var id = trigger.getAttribute('data-copy');
    var target = id && document.getElementById(id);
    if (!target) return;
    var text = textOf(target);

    var done = function (ok) {
      var label = trigger.getAttribute('data-copy-label') || trigger.textContent;
      trigger.setAttribute('data-copy-label', label);
      trigger.textContent = ok ? 'Copied' : 'Press ' + copyKeys + ' to copy';
      trigger.classList.toggle('is-copied', ok);
      announce(ok ? 'Copied to the clipboard' : 'Could not copy; the text is selected, press ' + copyKeys);
      window.clearTimeout(trigger._batonCopyTimer);
      trigger._batonCopyTimer = window.setTimeout(function () {
        trigger.textContent = label;
        trigger.classList.remove('is-copied');
      }, 2000);
    };

    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        function () { done(true); },
        function () { done(copyFallback(target)); }
      );
    } else {
      done(copyFallback(target));
    }
  }

  document.addEventListener('click', function (evt) {
    var trigger = evt.target.closest && evt.target.closest('[data-copy]');
    if (!trigger) return;
    evt.preventDefault();
    copy(trigger);
  });

  // Buttons handle Enter and Space themselves; other elements need help.
  document.addEventListener('keydown', function (evt) {
    if (evt.key !== 'Enter' && evt.key !== ' ') return;
    var trigger = evt.target.closest && evt.target.closest('[data-copy]');
    if (!trigger || trigger instanceof HTMLButtonElement) return;
    evt.preventDefault();
    copy(trigger);
  });

  // makeCopyable gives non-button copy triggers a role and a tab stop.
  function makeCopyable(root) {
    var nodes = (root.querySelectorAll ? root : document).querySelectorAll('[data-copy]');
    if (root.matches && root.matches('[data-copy]')) nodes = [root].concat(Array.prototype.slice.call(nodes));
    Array.prototype.forEach.call(nodes, function (el) {
      if (el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement) return;
      if (!el.hasAttribute('role')) el.setAttribute('role', 'button');
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    });
  }

  // --- Forms with errors ---------------------------------------------------

  // A form the server sends back with what to fix comes as a 400 in HTML;
  // show it where the form was instead of treating it as a failure.
  document.addEventListener('htmx:beforeSwap', function (evt) {
    var xhr = evt.detail.xhr;
    var html = xhr && /^text\/html/.test(xhr.getResponseHeader('Content-Type') || '');
    if (xhr && xhr.status === 400 && html) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });

  // --- Failed htmx requests ------------------------------------------------

  function flash(text) {
    var region = document.getElementById('flash');
    if (!region) return;
    var p = document.createElement('p');
    p.className = 'flash flash-error';
    p.setAttribute('role', 'alert');
    p.textContent = text;
    region.replaceChildren(p);
  }

  document.addEventListener('htmx:responseError', function (evt) {
    var xhr = evt.detail.xhr;
    var status = xhr ? xhr.status : 0;
    if (status === 403) {
      flash('That was refused (403). Your session may have expired: reload the page and try again.');
    } else if (status === 404) {
      flash('That was not found (404). It may have been deleted: reload the page.');
    } else if (status >= 500) {
      flash('The server failed (' + status + '). Try again in a moment; if it keeps happening, check the server log.');
    } else if (status === 400 && xhr.responseText && xhr.responseText.length < 500 &&
               /^text\/plain/.test(xhr.getResponseHeader('Content-Type') || '')) {
      // The server's own words, which name the field that was refused.
      flash(xhr.responseText);
    } else {
      flash('That did not work (' + status + '). Reload the page and try again.');
    }
  });

  document.addEventListener('htmx:sendError', function () {
    flash('Could not reach the server. Check your connection and try again.');
  });

  // --- Start ---------------------------------------------------------------

  // htmx:load fires for the page and for every swapped-in fragment.
  document.addEventListener('htmx:load', function (evt) { makeCopyable(evt.target); });
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', function () { makeCopyable(document); });
  } else {
    makeCopyable(document);
  }
})();
