// railtop's board for browsers: turns the pages and the languages on the wall clock (the same
// rule as the terminal's board), keeps the clock going, swaps the rows in when the server's
// event stream says the board changed, and says how old the data is when the stream stops.
(function () {
  var body = document.body, d = body.dataset, main = document.getElementById("board");
  var pageMs = Number(d.page) * 1000 || 8000;
  var skew = Number(d.now) - Date.now();
  function now() { return Date.now() + skew; }
  function turn() {
    var views = main.querySelectorAll(".view");
    if (!views.length) { return; }
    var t = Math.floor(now() / pageMs), n = views.length, at = t % n;
    for (var i = 0; i < n; i++) {
      var v = views[i], on = i === at;
      v.classList.toggle("shown", on);
      var pages = Number(v.dataset.pages) || 1, page = Math.floor(t / n) % pages;
      var rows = v.querySelectorAll("tbody tr");
      for (var r = 0; r < rows.length; r++) {
        rows[r].classList.toggle("shown", Number(rows[r].dataset.page) === page);
      }
      var said = v.querySelectorAll(".ticker span");
      for (var m = 0; m < said.length; m++) {
        said[m].classList.toggle("shown", m === t % said.length);
      }
      var where = v.querySelector(".pageof");
      if (where) { where.textContent = where.dataset.template.replace("{page}", page + 1); }
    }
  }
  function clock() {
    var c = document.getElementById("clock");
    if (!c) { return; }
    try {
      c.textContent = new Intl.DateTimeFormat(d.lang, {
        hour: "2-digit", minute: "2-digit", hour12: d.h12 === "1", timeZone: d.tz
      }).format(new Date(now()));
    } catch (e) { /* an old browser: the server's time stays */ }
  }
  function stale() {
    var s = document.getElementById("stale"), v = main.querySelector("[data-received]");
    if (!s || !v) { return; }
    var minutes = Math.floor((now() - Number(v.dataset.received)) / 60000);
    var old = minutes * 60 > Math.max(3 * Number(d.interval), 90);
    s.hidden = !old;
    if (old) { s.textContent = s.dataset.template.replace("{minutes}", minutes); }
  }
  if (window.EventSource && d.events) {
    var events = new EventSource(d.events);
    events.onmessage = function (e) { main.innerHTML = e.data; turn(); stale(); };
  }
  turn(); clock(); stale();
  setInterval(function () { turn(); clock(); stale(); }, 1000);
})();
