// The end-to-end suite's stand-in for Google: a real OpenID Connect provider (oidc-provider) on a loopback port,
// with its development login and consent pages. Any login is accepted; it becomes the account id (the "sub"),
// and an email address (the login itself when it is one), verified. Started by playwright.config.ts.

// Its warnings about quick-start settings (in-memory storage, development keys and pages) describe exactly this use.
const warn = console.warn;
console.warn = (...args) => {
  if (!String(args[0]).startsWith("oidc-provider WARNING:")) warn(...args);
};
const { default: Provider } = await import("oidc-provider");

const port = Number(process.env.E2E_OIDC_PORT);
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.E2E_OIDC_CLIENT_ID,
      client_secret: process.env.E2E_OIDC_CLIENT_SECRET,
      redirect_uris: [process.env.E2E_OIDC_REDIRECT_URI],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      // remix-auth-oauth2 sends the client's credentials in the form body.
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "given_name", "family_name"],
  },
  async findAccount(_context, id) {
    const email = id.includes("@") ? id : `${id}@oidc.test`;
    const givenName = email.split("@")[0].split(/[.-]/)[0];
    const given_name = givenName.charAt(0).toUpperCase() + givenName.slice(1);
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        email,
        email_verified: true,
        given_name,
        family_name: "Tester",
        name: `${given_name} Tester`,
      }),
    };
  },
  cookies: { keys: ["gavel-e2e-oidc-cookie-signing-key"] },
  features: { devInteractions: { enabled: true } },
});

provider.listen(port, "127.0.0.1", () => console.log(`[oidc] ${issuer}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => process.exit(0));
