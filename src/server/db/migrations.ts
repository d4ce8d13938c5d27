// The database schema, as numbered migrations; PRAGMA user_version records how far a
// database has come, so start-up applies only the missing ones.
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT UNIQUE COLLATE NOCASE,
    country_code TEXT,
    mobile TEXT UNIQUE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    nickname TEXT NOT NULL DEFAULT '',
    avatar TEXT NOT NULL DEFAULT '',
    bio TEXT NOT NULL DEFAULT '',
    birthday TEXT NOT NULL DEFAULT '',
    email_verified INTEGER NOT NULL DEFAULT 0,
    credits INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    last_login_at INTEGER,
    CHECK (email IS NOT NULL OR mobile IS NOT NULL)
  );
  CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX tokens_user ON tokens(user_id);
  CREATE TABLE login_activity (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    account TEXT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    method TEXT NOT NULL,
    success INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX login_activity_account ON login_activity(account, created_at);
  CREATE TABLE one_time_codes (
    code_hash TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    target TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE TABLE qr_tickets (
    id TEXT PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'scanned', 'confirmed', 'expired')),
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE carts (
    id INTEGER PRIMARY KEY,
    owner TEXT NOT NULL UNIQUE,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE cart_items (
    cart_id INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    sku TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    selected INTEGER NOT NULL DEFAULT 1,
    added_at INTEGER NOT NULL,
    PRIMARY KEY (cart_id, sku)
  );
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    order_no TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    status TEXT NOT NULL CHECK (status IN ('in_progress', 'completed', 'cancelled', 'pending_cancellation')),
    pay_status TEXT NOT NULL CHECK (pay_status IN ('unpaid', 'paid')),
    goods_amount REAL NOT NULL,
    discount_amount REAL NOT NULL,
    shipping_fee REAL NOT NULL,
    pay_amount REAL NOT NULL,
    currency TEXT NOT NULL,
    coupon_code TEXT NOT NULL DEFAULT '',
    shipping_method TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    remarks TEXT NOT NULL DEFAULT '',
    address_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX orders_user ON orders(user_id, created_at);
  CREATE TABLE order_items (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    product_slug TEXT NOT NULL,
    sku TEXT NOT NULL,
    title TEXT NOT NULL,
    variant_title TEXT NOT NULL,
    image TEXT NOT NULL,
    price REAL NOT NULL,
    quantity INTEGER NOT NULL
  );
  CREATE TABLE shipments (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    express_name TEXT NOT NULL,
    express_no TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE returns (
    id INTEGER PRIMARY KEY,
    return_no TEXT NOT NULL UNIQUE,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    apply_type TEXT NOT NULL CHECK (apply_type IN ('return_refund', 'exchange', 'refund_only')),
    apply_desc TEXT NOT NULL,
    refund_amount REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'cancelled', 'completed', 'ended')),
    audit_status TEXT NOT NULL CHECK (audit_status IN ('pending', 'approved', 'refused')),
    refuse_desc TEXT NOT NULL DEFAULT '',
    logistics_company TEXT NOT NULL DEFAULT '',
    logistics_no TEXT NOT NULL DEFAULT '',
    delivered_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    data_json TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE favorites (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('article', 'product', 'page')),
    item_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, type, item_id)
  );
  CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    product_slug TEXT NOT NULL,
    score INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
    title TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    author TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX reviews_product ON reviews(product_slug, created_at);
  CREATE TABLE inquiries (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    product_slug TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    message TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE feedback (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE newsletter (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE visitor_tracks (
    id INTEGER PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    user_id INTEGER,
    url TEXT NOT NULL,
    referer TEXT NOT NULL,
    timezone TEXT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE durations (
    id INTEGER PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    user_id INTEGER,
    url TEXT NOT NULL,
    seconds INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // Stock snapshots sum order lines by SKU.
  `CREATE INDEX order_items_sku ON order_items(sku);`,
  // Issue #19: wrong tries per code, QR tickets bound to their creator's secret, sign-in
  // failures counted per account and address, and the lookups the purge and the live channel make.
  `
  ALTER TABLE one_time_codes ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE one_time_codes ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX one_time_codes_user ON one_time_codes(user_id, purpose, created_at);
  ALTER TABLE qr_tickets ADD COLUMN secret_hash TEXT NOT NULL DEFAULT '';
  CREATE INDEX login_activity_pair ON login_activity(account, ip, created_at);
  CREATE INDEX tokens_expiry ON tokens(expires_at);
  CREATE INDEX visitor_tracks_visitor ON visitor_tracks(visitor_id, id);
  `,
  // Issue #11: paying through the hosted payment page (its sessions and the webhook events
  // already handled, so a replay pays nothing twice), each order's timeline, and the lines and
  // photos of a return.
  `
  CREATE TABLE payment_sessions (
    id TEXT PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    amount REAL NOT NULL,
    currency TEXT NOT NULL,
    language TEXT NOT NULL,
    return_url TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'requires_action', 'succeeded', 'expired')),
    attempts INTEGER NOT NULL DEFAULT 0,
    card_last4 TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX payment_sessions_order ON payment_sessions(order_id);
  CREATE TABLE payment_events (
    event_id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    type TEXT NOT NULL,
    received_at INTEGER NOT NULL
  );
  ALTER TABLE orders ADD COLUMN paid_at INTEGER;
  CREATE TABLE order_events (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX order_events_order ON order_events(order_id, id);
  CREATE TABLE return_items (
    return_id INTEGER NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
    order_item_id INTEGER NOT NULL REFERENCES order_items(id),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (return_id, order_item_id)
  );
  CREATE TABLE return_photos (
    id INTEGER PRIMARY KEY,
    return_id INTEGER NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
    file TEXT NOT NULL
  );
  CREATE INDEX returns_user ON returns(user_id, id);
  CREATE INDEX returns_order ON returns(order_id);
  `,
  // Shoppers' own articles (user/article), shown at article/{slug} beside the store's.
  `
  CREATE TABLE user_articles (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    thumbnail TEXT NOT NULL DEFAULT '',
    body_markdown TEXT NOT NULL,
    body_html TEXT NOT NULL,
    published INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX user_articles_user ON user_articles(user_id, id);
  `,
  // Sign-up confirms the address before the account can sign in (issue #19, enumeration):
  // a mobile number is confirmed by a text message's link, as an email address by a mail's.
  `ALTER TABLE users ADD COLUMN mobile_verified INTEGER NOT NULL DEFAULT 0;`,
  // Issue #12, security and log: each session's public id, where and how it signed in and when
  // it was last used; the account's own event log; sign-in history read per account.
  `
  ALTER TABLE tokens ADD COLUMN session_id TEXT;
  UPDATE tokens SET session_id = lower(hex(randomblob(12)));
  CREATE UNIQUE INDEX tokens_session ON tokens(session_id);
  ALTER TABLE tokens ADD COLUMN ip TEXT NOT NULL DEFAULT '';
  ALTER TABLE tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE tokens ADD COLUMN method TEXT NOT NULL DEFAULT '';
  ALTER TABLE tokens ADD COLUMN last_seen_at INTEGER;
  CREATE TABLE account_log (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    details TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX account_log_user ON account_log(user_id, id);
  CREATE INDEX login_activity_user ON login_activity(user_id, id);
  `,
  // QR sign-in (issue #13): a ticket can be scanned and declined, and remembers the device
  // and address that asked, which the phone shows before confirming. SQLite cannot change a
  // CHECK, so the table is rebuilt; live tickets last two minutes, so none is worth keeping.
  `
  DROP TABLE qr_tickets;
  CREATE TABLE qr_tickets (
    id TEXT PRIMARY KEY,
    visitor_id TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'scanned', 'confirmed', 'declined', 'expired')),
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    device TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX qr_tickets_expiry ON qr_tickets(expires_at);
  `,
  // Issue #14: comments under articles (a store article's slug or a shopper's), awaiting
  // moderation until /dev/moderation approves or rejects them.
  `
  CREATE TABLE article_comments (
    id INTEGER PRIMARY KEY,
    article_slug TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    ip TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    moderated_at INTEGER
  );
  CREATE INDEX article_comments_article ON article_comments(article_slug, status, id);
  CREATE INDEX article_comments_author ON article_comments(user_id, status);
  CREATE INDEX article_comments_status ON article_comments(status, id);
  `,
  // Issue #14, reviews: a buyer reviews each line of a received (completed) order once, with
  // up to 3 photos; the variant bought is shown beside the review.
  `
  ALTER TABLE reviews ADD COLUMN order_item_id INTEGER REFERENCES order_items(id) ON DELETE SET NULL;
  ALTER TABLE reviews ADD COLUMN variant_title TEXT NOT NULL DEFAULT '';
  CREATE UNIQUE INDEX reviews_order_item ON reviews(order_item_id);
  CREATE INDEX reviews_user ON reviews(user_id, product_slug);
  CREATE TABLE review_photos (
    id INTEGER PRIMARY KEY,
    review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    file TEXT NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX review_photos_review ON review_photos(review_id);
  `,
  // Issue #14, quotes and feedback: a phone number may stand for the email address, a quote
  // may name a company, feedback has a topic, and each request gets the number its mails quote.
  `
  ALTER TABLE inquiries ADD COLUMN company TEXT NOT NULL DEFAULT '';
  ALTER TABLE inquiries ADD COLUMN phone TEXT NOT NULL DEFAULT '';
  ALTER TABLE inquiries ADD COLUMN reference TEXT;
  ALTER TABLE inquiries ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
  CREATE UNIQUE INDEX inquiries_reference ON inquiries(reference);
  ALTER TABLE feedback ADD COLUMN topic TEXT NOT NULL DEFAULT 'other';
  ALTER TABLE feedback ADD COLUMN phone TEXT NOT NULL DEFAULT '';
  ALTER TABLE feedback ADD COLUMN reference TEXT;
  ALTER TABLE feedback ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
  CREATE UNIQUE INDEX feedback_reference ON feedback(reference);
  `,
  // Issue #14, coupons: those a shopper claimed into the account, which checkout offers. One
  // row per account and coupon, so claiming again changes nothing.
  `
  CREATE TABLE coupon_claims (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coupon_code TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, coupon_code)
  );
  CREATE INDEX orders_user_coupon ON orders(user_id, coupon_code);
  `,
  // Issue #17, one worker per core: which customer is signed in on each visitor, for the live
  // channel. Any worker may learn it (an API call) and any other may hold the visitor's socket,
  // so it lives here rather than in one process's memory.
  `
  CREATE TABLE live_bindings (
    visitor_id TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    bound_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX live_bindings_user ON live_bindings(user_id);
  `,
  // Issue #17, the render cache: one counter that every write to what public pages show bumps
  // (stock held by orders, reviews, comments, shoppers' articles and names, coupon claims, the
  // references an inquiry page confirms). Every worker process reads it, so a cached page is
  // never older than the database it came from, whichever process took the write.
  `
  CREATE TABLE page_data_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  );
  INSERT INTO page_data_version (id, version) VALUES (1, 0);
  CREATE TRIGGER page_data_orders_insert AFTER INSERT ON orders BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_orders_update AFTER UPDATE ON orders BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_orders_delete AFTER DELETE ON orders BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_order_items_insert AFTER INSERT ON order_items BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_order_items_update AFTER UPDATE ON order_items BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_order_items_delete AFTER DELETE ON order_items BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_reviews_insert AFTER INSERT ON reviews BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_reviews_update AFTER UPDATE ON reviews BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_reviews_delete AFTER DELETE ON reviews BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_review_photos_insert AFTER INSERT ON review_photos BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_review_photos_update AFTER UPDATE ON review_photos BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_review_photos_delete AFTER DELETE ON review_photos BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_article_comments_insert AFTER INSERT ON article_comments BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_article_comments_update AFTER UPDATE ON article_comments BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_article_comments_delete AFTER DELETE ON article_comments BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_user_articles_insert AFTER INSERT ON user_articles BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_user_articles_update AFTER UPDATE ON user_articles BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_user_articles_delete AFTER DELETE ON user_articles BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_coupon_claims_insert AFTER INSERT ON coupon_claims BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_coupon_claims_update AFTER UPDATE ON coupon_claims BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_coupon_claims_delete AFTER DELETE ON coupon_claims BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_inquiries_insert AFTER INSERT ON inquiries BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_inquiries_update AFTER UPDATE ON inquiries BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_inquiries_delete AFTER DELETE ON inquiries BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_feedback_insert AFTER INSERT ON feedback BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_feedback_update AFTER UPDATE ON feedback BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_feedback_delete AFTER DELETE ON feedback BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_users_update AFTER UPDATE OF nickname, first_name, last_name, avatar ON users BEGIN UPDATE page_data_version SET version = version + 1; END;
  CREATE TRIGGER page_data_users_delete AFTER DELETE ON users BEGIN UPDATE page_data_version SET version = version + 1; END;
  `,
  `
  -- What visitors send (avatars, article pictures, review and return photos), in the database
  -- rather than on one machine's disk (src/server/uploads.ts).
  CREATE TABLE uploads (
    folder TEXT NOT NULL,
    name TEXT NOT NULL,
    data BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (folder, name)
  );
  `,
  `
  -- Buyers' review count and score sum per product from the index alone: a best-rated listing
  -- reads those of its own products (reviews.ts scores), and a full count scans the index only.
  CREATE INDEX reviews_product_score ON reviews(product_slug, score);
  `,
  `
  -- What orders that are not cancelled hold of each SKU (stock.ts), kept by the writes that change
  -- it: summed from the order lines per page, a best-seller's thousands of lines cost every page
  -- that shows it (17 ms for 10,000). An order's lines are counted while it is not cancelled;
  -- deleting an order takes its lines off before they go (their own trigger then finds no order).
  CREATE TABLE sku_held (
    sku TEXT PRIMARY KEY,
    held INTEGER NOT NULL
  );
  INSERT INTO sku_held (sku, held)
    SELECT i.sku, SUM(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.status != 'cancelled' GROUP BY i.sku;
  CREATE TRIGGER sku_held_item_insert AFTER INSERT ON order_items
    WHEN (SELECT status FROM orders WHERE id = NEW.order_id) != 'cancelled'
  BEGIN
    INSERT INTO sku_held (sku, held) VALUES (NEW.sku, NEW.quantity)
      ON CONFLICT (sku) DO UPDATE SET held = held + excluded.held;
  END;
  CREATE TRIGGER sku_held_item_delete AFTER DELETE ON order_items
    WHEN (SELECT status FROM orders WHERE id = OLD.order_id) != 'cancelled'
  BEGIN
    UPDATE sku_held SET held = held - OLD.quantity WHERE sku = OLD.sku;
  END;
  CREATE TRIGGER sku_held_item_update AFTER UPDATE OF order_id, sku, quantity ON order_items
  BEGIN
    UPDATE sku_held SET held = held - OLD.quantity
      WHERE sku = OLD.sku AND (SELECT status FROM orders WHERE id = OLD.order_id) != 'cancelled';
    INSERT INTO sku_held (sku, held) SELECT NEW.sku, NEW.quantity
      WHERE (SELECT status FROM orders WHERE id = NEW.order_id) != 'cancelled'
      ON CONFLICT (sku) DO UPDATE SET held = held + excluded.held;
  END;
  CREATE TRIGGER sku_held_order_cancelled AFTER UPDATE OF status ON orders
    WHEN OLD.status != 'cancelled' AND NEW.status = 'cancelled'
  BEGIN
    UPDATE sku_held SET held = held - (SELECT SUM(quantity) FROM order_items WHERE order_id = NEW.id AND sku = sku_held.sku)
      WHERE sku IN (SELECT sku FROM order_items WHERE order_id = NEW.id);
  END;
  CREATE TRIGGER sku_held_order_restored AFTER UPDATE OF status ON orders
    WHEN OLD.status = 'cancelled' AND NEW.status != 'cancelled'
  BEGIN
    INSERT INTO sku_held (sku, held) SELECT sku, SUM(quantity) FROM order_items WHERE order_id = NEW.id GROUP BY sku
      ON CONFLICT (sku) DO UPDATE SET held = held + excluded.held;
  END;
  CREATE TRIGGER sku_held_order_delete BEFORE DELETE ON orders
    WHEN OLD.status != 'cancelled'
  BEGIN
    UPDATE sku_held SET held = held - (SELECT SUM(quantity) FROM order_items WHERE order_id = OLD.id AND sku = sku_held.sku)
      WHERE sku IN (SELECT sku FROM order_items WHERE order_id = OLD.id);
  END;
  `,
  `
  -- Orders show on public pages only as stock, which sku_held now keeps: the page data version
  -- no longer moves on every write to an order or its lines (a payment, a shipment, an order of
  -- one product), each of which made every page cached in every worker stale. What sku_held
  -- holds moves a stock version instead, and a cached page is checked against what orders hold
  -- of its own SKUs once that version has moved (page-service.ts).
  DROP TRIGGER page_data_orders_insert;
  DROP TRIGGER page_data_orders_update;
  DROP TRIGGER page_data_orders_delete;
  DROP TRIGGER page_data_order_items_insert;
  DROP TRIGGER page_data_order_items_update;
  DROP TRIGGER page_data_order_items_delete;
  ALTER TABLE page_data_version ADD COLUMN stock INTEGER NOT NULL DEFAULT 0;
  CREATE TRIGGER page_data_stock_insert AFTER INSERT ON sku_held BEGIN UPDATE page_data_version SET stock = stock + 1; END;
  CREATE TRIGGER page_data_stock_update AFTER UPDATE ON sku_held BEGIN UPDATE page_data_version SET stock = stock + 1; END;
  CREATE TRIGGER page_data_stock_delete AFTER DELETE ON sku_held BEGIN UPDATE page_data_version SET stock = stock + 1; END;
  `,
  `
  -- What has been refunded of each order (completed returns, an approved cancellation), so that the
  -- transaction recording a refund can refuse one that would exceed what was paid (issue 48).
  ALTER TABLE orders ADD COLUMN refunded_amount REAL NOT NULL DEFAULT 0;
  `,
  `
  -- The visitor (browser) that chose an unconfirmed account's password at sign-up: when the address
  -- is first proven from another browser, that password was not its owner's and is dropped (issue 48).
  ALTER TABLE users ADD COLUMN password_set_by TEXT;
  `,
];
