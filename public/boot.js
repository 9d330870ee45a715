// Starts the app's scripts once the server-rendered page has shown its content, so that a slow
// connection shows the page first and fetches the code after. Scripts stay in order (async false).
(function () {
  var list = document.currentScript && document.currentScript.getAttribute('data-scripts');
  var scripts = list ? list.split(' ') : [];
  var started = false;
  function start() {
    if (started) return;
    started = true;
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
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
