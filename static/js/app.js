// td-assist: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";

  // Live search: results as you type (debounced); the form still works without JS.
  var form = document.querySelector("form[data-live-search]");
  if (form) {
    var input = form.querySelector("input[name=q]");
    var results = document.getElementById("results");
    var timer = null;
    var last = input.value;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = input.value;
        if (q === last) { return; }
        last = q;
        fetch("/search?partial=1&q=" + encodeURIComponent(q), { headers: { "Accept": "text/html" } })
          .then(function (r) { return r.ok ? r.text() : ""; })
          .then(function (html) { if (q === input.value) { results.innerHTML = html; } });
        history.replaceState(null, "", "/search?q=" + encodeURIComponent(q));
      }, 180);
    });
  }

  // Law links open in a panel, so the TD keeps his place in the wizard.
  var panel = document.getElementById("law-panel");
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-law-panel]") : null;
    if (link && panel && panel.showModal) {
      event.preventDefault();
      var url = link.getAttribute("href");
      var anchor = url.split("#")[1];
      fetch(url.split("#")[0]).then(function (r) { return r.text(); }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var article = doc.querySelector("article.law");
        var body = document.getElementById("law-panel-body");
        body.innerHTML = "";
        if (article) { body.appendChild(document.importNode(article, true)); }
        document.getElementById("law-panel-title").textContent = link.textContent;
        var full = document.createElement("p");
        full.innerHTML = '<a href="' + url + '">Open the whole law</a>';
        body.appendChild(full);
        panel.showModal();
        if (anchor) {
          var target = body.querySelector('[id="' + anchor + '"]');
          if (target) { target.classList.add("focus"); target.scrollIntoView(); }
        }
      });
    }
    if (event.target.hasAttribute && event.target.hasAttribute("data-close-panel")) {
      panel.close();
    }
    if (event.target.hasAttribute && event.target.hasAttribute("data-print")) {
      window.print();
    }
  });
})();
