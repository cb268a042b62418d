// td-assist practice: keeps the trainee's progress on this device (localStorage), no account.
// The pages work without it; this only offers "continue" and remembers past scores.
(function () {
  "use strict";
  var RESUME = "td-assist-practice-resume";
  var HISTORY = "td-assist-practice-history";

  function read(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function write(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: skip */ }
  }

  // On a question page: remember where the trainee is.
  if (document.querySelector("[data-practice-form]")) {
    write(RESUME, location.pathname + location.search);
  }

  // On the summary: the set is finished; keep its score.
  var result = document.getElementById("practice-result");
  if (result) {
    try { localStorage.removeItem(RESUME); } catch (e) { /* ignore */ }
    var history = read(HISTORY, []);
    var entry = {
      when: new Date().toISOString().slice(0, 16).replace("T", " "),
      score: Number(result.getAttribute("data-score")),
      total: Number(result.getAttribute("data-total")),
      revise: result.getAttribute("data-revise"),
      url: location.pathname + location.search
    };
    var last = history[history.length - 1];
    if (!last || last.url !== entry.url) { history.push(entry); }
    write(HISTORY, history.slice(-20));
  }

  // On the practice home page: offer to continue, list past sets.
  var resume = document.getElementById("practice-resume");
  if (resume) {
    var at = read(RESUME, "");
    if (typeof at === "string" && at.indexOf("/practice/run?") === 0) {
      document.getElementById("practice-resume-link").setAttribute("href", at);
      resume.hidden = false;
    }
    var past = read(HISTORY, []);
    var list = document.getElementById("practice-history-list");
    if (past.length && list) {
      past.slice().reverse().forEach(function (item) {
        var li = document.createElement("li");
        var link = document.createElement("a");
        link.setAttribute("href", String(item.url).indexOf("/practice/run?") === 0 ? item.url : "#");
        link.textContent = item.when + ": " + item.score + " of " + item.total;
        li.appendChild(link);
        if (item.revise) { li.appendChild(document.createTextNode(" · revise " + item.revise)); }
        list.appendChild(li);
      });
      document.getElementById("practice-history").hidden = false;
    }
  }
})();
