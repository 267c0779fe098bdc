// /docs for people on phones, and a way back to the app: loaded after Swagger UI as a theme file of
// @fastify/swagger-ui (its HTML has no viewport and no link to the rest of the product).
(function () {
  var meta = document.createElement('meta');
  meta.name = 'viewport';
  meta.content = 'width=device-width, initial-scale=1';
  document.head.appendChild(meta);
  var lang = document.documentElement;
  lang.lang = 'en';
  var timer = setInterval(function () {
    var bar = document.querySelector('.swagger-ui .topbar-wrapper');
    if (!bar) return;
    clearInterval(timer);
    var back = document.createElement('a');
    back.className = 'll-docs-back';
    back.href = '/app/account';
    back.textContent = 'Your account and API keys';
    bar.appendChild(back);
  }, 100);
})();
