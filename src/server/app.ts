// Builds the reference store server: static files, documents and page routes, /api/web,
// /ws/message and the dev outbox, over one store directory and one SQLite database.
import { join } from "node:path";
import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import websocket from "@fastify/websocket";
import type { ValidateFunction } from "ajv";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { registry } from "../registry/index";
import { WIRE } from "../shared/codes";
import { IMAGE_MAX_BYTES } from "../shared/image-type";
import { allCalls } from "./api/calls";
import { CODE, describeBodyError } from "./api/envelope";
import { API_BASE, type ApiDeps, registerCalls, VISITOR_COOKIE, visitorIdOf } from "./api/register";
import { createPasswords, DEFAULT_HASH_SLOTS, type HashSlots, PRODUCTION_COST, type ScryptCost } from "./auth/passwords";
import { randomToken } from "./auth/tokens";
import { everyPeriod, whenAvailable } from "./background";
import { watchClientBuild } from "./client-build";
import { type Db, openCounters, openDatabase, openWriteProbe } from "./db/open";
import { registerDevEditor } from "./dev/editor/routes";
import { registerDevGallery } from "./dev-gallery";
import { registerDevModeration } from "./dev-moderation";
import { registerDevOrders } from "./dev-orders";
import { registerDevOutbox } from "./dev-outbox";
import { registerDevReload } from "./dev-reload";
import { allForms } from "./forms/index";
import { registerFormPosts } from "./forms/register";
import { registerHealthCheck } from "./health";
import { createLiveHub } from "./live";
import { createLocalBus, type LiveBus } from "./live-bus";
import { registerLiveChannel } from "./live-channel";
import { createMailer } from "./mail";
import { registerContactPosts } from "./pages/contact-posts";
import { registerPages } from "./pages/routes-plugin";
import { registerPaymentProvider } from "./payments/provider";
import { registerPaymentWebhook } from "./payments/webhook";
import { PURGE_INTERVAL_MS, purgeExpired } from "./purge";
import { createRateLimiter, DEFAULT_LIMITS, type RateLimits } from "./rate-limit";
import { ROOT_DIR } from "./root-dir";
import { loadSchemaSet, SCHEMA_ID_BASE } from "./schemas";
import { searchIndexOf, setSearchIndex } from "./search/index";
import { STATIC_SECURITY_HEADERS } from "./security";
import { parsePublicUrl } from "./seo/public-origin";
import { registerSeoRoutes } from "./seo/routes";
import { registerStaticFiles } from "./static-files";
import { watchDesign } from "./store/design";
import { catalogFileOf, type LocalizedStore, loadStore, type Store } from "./store/load";
import { storeFor } from "./store/localize";

export interface AppOptions {
  storeDir?: string;
  dataDir?: string;
  /** A PostgreSQL connection string (DATABASE_URL): the shop's data there instead of SQLite in `dataDir`. */
  databaseUrl?: string;
  clientDir?: string;
  schemaDir?: string;
  logger?: FastifyServerOptions["logger"];
  /** Production hides /dev/outbox. */
  production?: boolean;
  /** `npm run dev`: documents reload themselves after a rebuild or a restart (never in production). */
  devReload?: boolean;
  clock?: () => number;
  /** scrypt's cost for new hashes; tests pass a cheaper one, production keeps OWASP's. */
  passwordCost?: ScryptCost;
  hashSlots?: HashSlots;
  /** Rate limits; each one left out keeps its default. */
  limits?: Partial<RateLimits>;
  /** The shop's public address (PUBLIC_URL), for canonical links, sitemaps and robots.txt; else each request's origin. */
  publicUrl?: string;
  /** HMAC key shared by the demo payment provider and the shop's webhook (PAYMENT_WEBHOOK_SECRET); else one per start. */
  paymentSecret?: string;
  /** How live frames reach the other processes of the server (src/server/cluster.ts); else PostgreSQL's NOTIFY with `databaseUrl`, or this process alone. */
  liveBus?: LiveBus;
  /** Live sockets one visitor may hold on this process: its share of SOCKETS_PER_VISITOR when there are several workers. */
  liveSocketsPerVisitor?: number;
  /** How often the database is purged (PURGE_INTERVAL_MS); else every minute. */
  purgeIntervalMs?: number;
  /** Days after which the cart of a visitor not seen since is purged (VISITOR_CART_DAYS); else 30. */
  visitorCartDays?: number;
}

export interface StoreServer {
  app: FastifyInstance;
  /** The store in English; `localizedStore` is the store as loaded, every text in all its languages. */
  store: Store;
  localizedStore: LocalizedStore;
  db: Db;
}

export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES;

/** The calls that give a visitor without the cookie an id (docs/operators.md, "Caching"). */
const VISITOR_ISSUING_CALL = new RegExp(`^${API_BASE}/(visitor/track|cart/[a-z]+)(\\?|$)`);

export async function buildApp(options: AppOptions = {}): Promise<StoreServer> {
  // First, so a bad PUBLIC_URL stops the start before a database or watcher is opened.
  const publicOrigin = options.publicUrl ? parsePublicUrl(options.publicUrl) : undefined;
  const storeDir = options.storeDir ?? join(ROOT_DIR, "fixtures/demo-store");
  const dataDir = options.dataDir ?? join(ROOT_DIR, ".data");
  const clientDir = options.clientDir ?? join(ROOT_DIR, "dist/client");
  const schemas = loadSchemaSet(options.schemaDir ?? join(ROOT_DIR, "schemas"));
  // The catalog is imported into DATA_DIR/catalog.sqlite when its files changed since the last start.
  const localizedStore = loadStore(storeDir, schemas, Object.keys(registry), { catalogFile: catalogFileOf(dataDir) });
  // English, the default: what code outside a page or a call reads (sitemaps, the payment page).
  const store = storeFor(localizedStore, "en");
  const client = watchClientBuild(clientDir);
  const clock = options.clock ?? Date.now;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    trustProxy: false,
    // Errors before routing (an address that does not decode) answer in the envelope too.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      reply.code(400).send({ code: CODE.fail, msg: "The address is not valid." }),
  });
  // A database that is locked or down at start is waited for (background.ts), not a reason to exit.
  const log = (line: string) => app.log.warn(line);
  const db = await whenAvailable("the database", () => openDatabase(dataDir, options.databaseUrl), log);
  // Its queries prepared now rather than by the first search (pages and calls ask searchIndexOf
  // for it); on PostgreSQL, the shared database's search, its tables brought up to date first.
  if (options.databaseUrl) {
    const { openPostgresSearchIndex } = await import("./search/postgres-search");
    setSearchIndex(
      localizedStore,
      await whenAvailable("the search index", () => openPostgresSearchIndex(db, localizedStore.catalog), log),
    );
  } else {
    searchIndexOf(localizedStore);
  }
  app.setValidatorCompiler(({ schema }) => {
    const ref = (schema as { $ref?: string }).$ref;
    if (!ref?.startsWith(SCHEMA_ID_BASE)) throw new Error("route schemas must be a $ref to a file of schemas/");
    return schemas.get(ref.slice(SCHEMA_ID_BASE.length)) as ValidateFunction;
  });
  // A bad body answers in the envelope, naming the field and the rule.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.validation) {
      return reply.code(400).send({ code: CODE.fail, msg: describeBodyError(error.validation[0] as never) });
    }
    if (status >= 500) request.log.error(error);
    const msg =
      status === 413
        ? "The request is too large."
        : status < 500
          ? error.message || "The request is not valid."
          : "An unknown error occurred.";
    return reply.code(status).send({ code: status < 500 ? CODE.fail : CODE.error, msg });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: CODE.fail, msg: "There is no such call." }));
  // Every visitor gets an id the tracking, the cart and the live channel share. A first visit's
  // document may come from a shared cache, so the id comes with the page's first tracking call
  // (visitor/track hands it to the page) or cart call, given before its handler runs. Other calls
  // without one stay anonymous, so their per-visitor limits still fall back to the address.
  const issuedVisitorIds = new WeakMap<FastifyRequest, string>();
  app.addHook("onRequest", async (request) => {
    if (request.method !== "POST" || !VISITOR_ISSUING_CALL.test(request.url) || visitorIdOf(request)) return;
    const id = randomToken();
    request.headers[WIRE.visitorHeader] = id;
    issuedVisitorIds.set(request, id);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) reply.header(name, value);
    // A document without the cookie gets one too, unless a shared cache may keep it: one
    // visitor's id must never be handed to the next (docs/operators.md, "Caching").
    const issued =
      issuedVisitorIds.get(request) ??
      (!visitorIdOf(request) &&
      request.method === "GET" &&
      String(reply.getHeader("content-type") ?? "").startsWith("text/html") &&
      !String(reply.getHeader("cache-control") ?? "").includes("public")
        ? randomToken()
        : undefined);
    if (issued) {
      // Not HttpOnly: the live channel reads it on disconnect (SPEC.md §7). It grants no session:
      // a QR sign-in needs the ticket's secret as well (docs/security.md).
      const secure = request.protocol === "https" ? "; Secure" : "";
      reply.header("set-cookie", `${VISITOR_COOKIE}=${issued}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`);
    }
    return payload;
  });

  // Before compression, which turns documents into streams.
  if (options.devReload && !options.production) registerDevReload(app, clientDir);
  await app.register(compress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const liveBus =
    options.liveBus ??
    (options.databaseUrl
      ? await (await import("./live-bus-postgres")).createPostgresBus(options.databaseUrl, (line) => app.log.error(line))
      : createLocalBus());
  const live = createLiveHub(db, liveBus, clock, (line) => app.log.error(line));
  // A line per mail in the server's log (at info); tests run without a logger and stay quiet.
  const mailer = createMailer(db, clock, (line) => app.log.info(line));
  const passwords = createPasswords(options.passwordCost ?? PRODUCTION_COST, options.hashSlots ?? DEFAULT_HASH_SLOTS);
  const counters = await whenAvailable("the rate-limit counters", () => openCounters(dataDir, options.databaseUrl), log);
  const limits = createRateLimiter({ ...DEFAULT_LIMITS, ...options.limits }, clock, counters);
  const deps: ApiDeps = { db, store, localizedStore, mailer, live, schemas, clock, passwords, limits };
  await registerStaticFiles(app, { clientDir, imagesDir: join(storeDir, "images"), uploads: db });
  registerCalls(app, deps, allCalls);
  registerContactPosts(app, deps);
  registerFormPosts(app, deps, allForms);
  registerLiveChannel(app, deps, options.liveSocketsPerVisitor);
  if (!options.production) registerDevOutbox(app, db);
  if (!options.production) registerDevOrders(app, deps);
  if (!options.production) {
    const schemaDir = options.schemaDir ?? join(ROOT_DIR, "schemas");
    registerDevGallery(app, { registry, store: localizedStore, client, schemaDir });
    registerDevEditor(app, {
      registry,
      store: localizedStore,
      client,
      db,
      schemas,
      schemaDir,
      editorDir: join(ROOT_DIR, "dist/editor"),
    });
  }
  // Edits of the theme and templates (the theme editor's saves, a hand edit) show on the next
  // page; `npm run dev` restarts the server on them instead.
  if (!options.production && !options.devReload) {
    const watcher = watchDesign(localizedStore, schemas, Object.keys(registry), (line) => app.log.error(line));
    app.addHook("onClose", async () => watcher.close());
  }
  if (!options.production) registerDevModeration(app, deps);
  const paymentSecret = options.paymentSecret ?? process.env.PAYMENT_WEBHOOK_SECRET ?? randomToken();
  registerPaymentProvider(app, deps, { secret: paymentSecret });
  registerPaymentWebhook(app, deps, paymentSecret);
  const writeProbe = openWriteProbe(db, dataDir, options.databaseUrl);
  registerHealthCheck(app, db, writeProbe);
  registerSeoRoutes(app, { store, ...(publicOrigin ? { publicOrigin } : {}) });
  registerPages(app, {
    store: localizedStore,
    registry,
    client,
    db,
    clock,
    precompress: !(options.devReload && !options.production),
    ...(publicOrigin ? { publicOrigin } : {}),
  });

  const purgeLimits = options.visitorCartDays ? { visitorCartMs: options.visitorCartDays * 24 * 3600_000 } : {};
  const purge = everyPeriod(
    "purge",
    options.purgeIntervalMs ?? PURGE_INTERVAL_MS,
    () => purgeExpired(db, clock(), purgeLimits),
    (line) => app.log.error(line),
  );
  app.addHook("onClose", async () => {
    purge.stop();
    writeProbe.close();
    live.closeAll();
    db.close();
    localizedStore.catalog.close();
    counters.close();
  });
  return { app, store, localizedStore, db };
}
