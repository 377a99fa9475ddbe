// Table Companion's service worker (served as /sw.js, scope "/"), registered by app.js where
// the page is a secure context (HTTPS, or the machine itself as localhost/127.0.0.1).
// It does one thing: when a page cannot be loaded (no network), it shows the offline page.
// It keeps only that page (in each language), its stylesheet and its icons; it never caches
// a table's pages or the answers of the app, which always come from the network.
// The server fills in ASSETS and VERSION when it serves this file (companion/tables/install.py):
// what the offline page loads, under the hashed names of the static files' manifest, and a
// version of that list, so that new files make a new worker and a new cache.
var ASSETS = [] /* ASSETS */;
var CACHE = "tc-offline-" + "" /* VERSION */;
var LANGUAGES = ["en", "hu"];
var OFFLINE = LANGUAGES.map(function (lang) { return "/offline?lang=" + lang; });
var KEPT = OFFLINE.concat(ASSETS);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(KEPT.map(function (url) { return new Request(url, {cache: "reload"}); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; })
                            .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The language the app would answer in: the "lang" cookie the language switch sets (where the
// worker can read cookies), else the browser's languages, else English.
function language() {
  var chosen = self.cookieStore ? self.cookieStore.get("lang").catch(function () { return null; })
                                : Promise.resolve(null);
  return chosen.then(function (cookie) {
    if (cookie && LANGUAGES.indexOf(cookie.value) >= 0) { return cookie.value; }
    var wanted = (self.navigator.languages || [self.navigator.language || "en"]).map(function (l) {
      return String(l).slice(0, 2).toLowerCase();
    });
    return wanted.filter(function (l) { return LANGUAGES.indexOf(l) >= 0; })[0] || "en";
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate") {      // a page: from the network, the offline page without it
    event.respondWith(fetch(request).catch(function () {
      return language().then(function (lang) {
        return caches.match("/offline?lang=" + lang);
      });
    }));
    return;
  }
  var url = new URL(request.url);
  if (url.origin === self.location.origin && KEPT.indexOf(url.pathname) >= 0) {
    // what the offline page loads: fresh from the network, the kept copy without it
    event.respondWith(fetch(request).catch(function () {
      return caches.match(url.pathname).then(function (kept) { return kept || Response.error(); });
    }));
  }
});
