// Starts Swagger UI on /docs over the document the gateway serves (a file, not inline: the CSP allows no
// inline script). SwaggerUIBundle is the global of swagger-ui-bundle.js, loaded just before.
window.ui = window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  // Deep links would put a link inside each operation's toggle button (a control inside a control).
  deepLinking: false,
  // No call to the public validator (validator.swagger.io): the page talks to this origin only.
  validatorUrl: null,
  // Swagger UI leaves the server picker without a name for screen readers.
  onComplete: () => document.getElementById('servers')?.setAttribute('aria-label', 'Server'),
});
