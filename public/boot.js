// Starts the app's scripts once the server-rendered page has shown its content, so that a slow
// connection shows the page first and fetches the code after. Scripts stay in order (async false).
// Stylesheets that can wait for the first paint (data-styles: KaTeX's font faces on a list) are added then too.
(function () {
  var self = document.currentScript;
  var list = self && self.getAttribute('data-scripts');
  var scripts = list ? list.split(' ') : [];
  var styles = (self && self.getAttribute('data-styles')) || '';
  var started = false;
  var next = 0;
  // One script element per task: inserting them all in the paint observer's task made it one of the
  // load's long tasks (each insertion starts a request). Scripts that are not async run in the order
  // they were inserted, whenever that was.
  function insertNext() {
    if (next >= scripts.length) return;
    var script = document.createElement('script');
    script.src = scripts[next];
    script.async = false;
    document.head.appendChild(script);
    next += 1;
    setTimeout(insertNext, 0);
  }
  function start() {
    if (started) return;
    started = true;
    styles.split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head.appendChild(link);
    });
    setTimeout(insertNext, 0);
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (entries, observer) {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    // A tab opened in the background paints nothing until shown; it still gets its scripts.
    setTimeout(start, 3000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
