// The demo store's texts in Simplified Chinese (zh) and in Traditional Chinese as written in
// Hong Kong (zh-HK), written by hand: Hong Kong words where they differ (恤衫, 冷衫, 波鞋,
// 背囊, 送貨, 私隱, 手提電腦), never a character conversion of the zh text.
// generate-demo-store.mjs writes each catalog file through `localizeItems`, and
// `node scripts/demo-store-texts.mjs` applies the same tables to the store files in place
// (only their texts; every other field is kept as the file has it).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** @typedef {[zh: string, zhHK: string]} Chinese A text in zh and in zh-HK. */

/**
 * English -> [zh, zh-HK], for texts written once.
 * @type {Record<string, Chinese>}
 */
const PHRASES = {
  // Categories and their intros.
  Shirts: ["衬衫", "恤衫"],
  Knitwear: ["针织衫", "針織冷衫"],
  Shoes: ["鞋履", "鞋履"],
  Bags: ["包袋", "袋款"],
  Home: ["家居", "家居"],
  Kitchen: ["厨房", "廚房"],
  Outdoor: ["户外", "戶外"],
  Stationery: ["文具", "文具"],
  // Tags.
  Organic: ["有机", "有機"],
  Bestseller: ["畅销", "熱賣"],
  New: ["新品", "新品"],
  "Gift idea": ["礼物灵感", "送禮之選"],
  Sustainable: ["可持续", "可持續"],
  Handmade: ["手工制作", "人手製作"],
  Limited: ["限量", "限量"],
  Travel: ["旅行", "旅行"],
  Summer: ["夏季", "夏季"],
  Winter: ["冬季", "冬季"],
  // Products.
  "Linen Shirt": ["亚麻衬衫", "亞麻恤衫"],
  "Oxford Shirt": ["牛津纺衬衫", "牛津布恤衫"],
  "Flannel Shirt": ["法兰绒衬衫", "法蘭絨恤衫"],
  "Denim Shirt": ["牛仔衬衫", "牛仔恤衫"],
  "Poplin Shirt": ["府绸衬衫", "府綢恤衫"],
  "Camp Collar Shirt": ["古巴领衬衫", "古巴領恤衫"],
  "Merino Sweater": ["美利奴羊毛衫", "美利奴羊毛冷衫"],
  "Cable Knit Cardigan": ["绞花针织开衫", "扭紋開胸冷衫"],
  "Cashmere Crewneck": ["羊绒圆领衫", "羊絨圓領冷衫"],
  "Wool Vest": ["羊毛背心", "羊毛背心"],
  "Ribbed Turtleneck": ["罗纹高领衫", "坑紋樽領冷衫"],
  "Cotton Pullover": ["棉质套头衫", "棉質套頭冷衫"],
  "Canvas Sneaker": ["帆布运动鞋", "帆布波鞋"],
  "Leather Loafer": ["皮革乐福鞋", "皮革懶佬鞋"],
  "Trail Runner": ["越野跑鞋", "越野跑鞋"],
  "Suede Chelsea Boot": ["麂皮切尔西靴", "麂皮切爾西靴"],
  "Court Classic": ["经典网球鞋", "經典網球鞋"],
  Espadrille: ["草编鞋", "草編鞋"],
  "Canvas Tote": ["帆布托特包", "帆布手挽袋"],
  "Leather Backpack": ["皮革双肩包", "皮革背囊"],
  "Weekender Duffel": ["周末旅行袋", "週末旅行袋"],
  "Crossbody Pouch": ["斜挎小包", "斜孭小袋"],
  "Laptop Sleeve": ["笔记本电脑内胆包", "手提電腦保護套"],
  "Market Basket": ["菜篮", "買餸籃"],
  "Ceramic Table Lamp": ["陶瓷台灯", "陶瓷檯燈"],
  "Linen Throw": ["亚麻盖毯", "亞麻蓋毯"],
  "Wool Cushion": ["羊毛靠垫", "羊毛攬枕"],
  "Oak Side Table": ["橡木边几", "橡木邊几"],
  "Stoneware Vase": ["粗陶花瓶", "粗陶花瓶"],
  "Cotton Rug": ["棉质地毯", "棉質地氈"],
  "Enamel Mug": ["搪瓷杯", "搪瓷杯"],
  "Cast Iron Skillet": ["铸铁煎锅", "鑄鐵煎鑊"],
  "Pour-Over Set": ["手冲咖啡套装", "手沖咖啡套裝"],
  "Chef Knife": ["主厨刀", "廚師刀"],
  "Olive Wood Board": ["橄榄木砧板", "橄欖木砧板"],
  "Glass Carafe": ["玻璃水瓶", "玻璃水樽"],
  "Ultralight Tent": ["超轻帐篷", "超輕帳篷"],
  "Down Sleeping Bag": ["羽绒睡袋", "羽絨睡袋"],
  "Camp Stove": ["露营炉", "露營爐"],
  "Trekking Poles": ["登山杖", "行山杖"],
  "Insulated Bottle": ["保温瓶", "保溫水樽"],
  Hammock: ["吊床", "吊床"],
  "Dot Grid Notebook": ["点阵笔记本", "點陣筆記簿"],
  "Brass Pen": ["黄铜笔", "黃銅筆"],
  "Desk Organizer": ["桌面收纳盒", "桌面收納盒"],
  "Weekly Planner": ["周计划本", "週計劃簿"],
  "Watercolor Set": ["水彩套装", "水彩套裝"],
  "Leather Journal": ["皮面手账", "皮面手帳"],
  // Colours.
  Black: ["黑色", "黑色"],
  Navy: ["海军蓝", "海軍藍"],
  Sand: ["沙色", "沙色"],
  Olive: ["橄榄绿", "橄欖綠"],
  Rust: ["铁锈红", "鐵鏽紅"],
  White: ["白色", "白色"],
  "Materials are sourced from certified suppliers; care instructions are on the label.": [
    "材料均来自认证供应商；护理说明请见标签。",
    "物料均來自認證供應商；護理方法請參閱標籤。",
  ],
  // Collections.
  "New arrivals": ["新品上架", "新貨上架"],
  "Fresh in this season.": ["本季新品，新鲜上架。", "本季新貨，率先登場。"],
  "Best sellers": ["畅销单品", "熱賣貨品"],
  "What everyone is buying.": ["大家都在买的好物。", "大家都在買的好物。"],
  Gifts: ["礼物", "禮物"],
  "Presents they will keep.": ["值得珍藏的心意之选。", "值得珍藏的心意禮物。"],
  "On sale": ["特惠", "減價貨品"],
  "Reduced while stock lasts.": ["限时降价，售完即止。", "減價發售，售完即止。"],
  // Pages.
  "About us": ["关于我们", "關於我們"],
  "About us for the Demo Store.": ["欢迎了解示例商店。", "歡迎認識示範商店。"],
  Shipping: ["配送说明", "送貨安排"],
  "Shipping for the Demo Store.": ["示例商店的配送说明。", "示範商店的送貨安排。"],
  "Returns and refunds": ["退货与退款", "退貨及退款"],
  "Returns and refunds for the Demo Store.": ["示例商店的退货与退款政策。", "示範商店的退貨及退款政策。"],
  "Privacy policy": ["隐私政策", "私隱政策"],
  "Privacy policy for the Demo Store.": ["示例商店的隐私政策。", "示範商店的私隱政策。"],
  "Terms of service": ["服务条款", "服務條款"],
  "Terms of service for the Demo Store.": ["示例商店的服务条款。", "示範商店的服務條款。"],
  Contact: ["联系我们", "聯絡我們"],
  "Contact for the Demo Store.": ["如何联系示例商店。", "如何聯絡示範商店。"],
  Lookbook: ["造型画册", "造型特輯"],
  "Lookbook for the Demo Store.": ["示例商店的本季造型画册。", "示範商店的本季造型特輯。"],
  "Frequently asked questions": ["常见问题", "常見問題"],
  "Frequently asked questions for the Demo Store.": ["示例商店的常见问题解答。", "示範商店的常見問題解答。"],
  "This page is part of the demo data shipped with the reference server.": [
    "本页面属于参考服务器随附的演示数据。",
    "本頁屬於參考伺服器隨附的示範資料。",
  ],
  // Promotions.
  "Summer sale": ["夏日特卖", "夏日減價"],
  "Up to 30% off summer favourites.": ["夏日人气好物低至七折。", "夏日人氣貨品低至七折。"],
  "Kitchen week": ["厨房周", "廚房週"],
  "15% off everything for the kitchen.": ["厨房用品全场八五折。", "廚房用品全線八五折。"],
  "Back to the desk": ["重返书桌", "重返書枱"],
  "Stationery for a fresh start.": ["文具焕新，开启新的开始。", "文具煥新，重新出發。"],
  "Spring refresh": ["春日焕新", "春日煥新"],
  "Lighter layers for the first warm days.": ["轻薄叠穿，迎接初暖时节。", "輕薄層次穿搭，迎接初暖日子。"],
  "Home for winter": ["冬日暖家", "冬日暖家"],
  "Warm textiles and light for the long evenings.": [
    "温暖的织物与灯光，陪你度过漫漫长夜。",
    "溫暖織物與燈光，陪你度過漫漫長夜。",
  ],
  // Coupons.
  "10% off your first order": ["首单九折", "首張訂單九折"],
  "For your account's first order, once. An order you cancel gives the coupon back. Cannot be combined with another coupon.": [
    "仅限账户首单使用一次。取消订单后优惠券会退回。不可与其他优惠券同时使用。",
    "只限帳戶首張訂單使用一次。取消訂單後優惠券會退回。不可與其他優惠券同時使用。",
  ],
  "$15 off orders over $100": ["满 100 美元减 15 美元", "滿 100 美元減 15 美元"],
  "$15 off when your goods come to $100 or more, before shipping. One coupon per order.": [
    "商品金额（不含运费）满 100 美元即减 15 美元。每笔订单限用一张优惠券。",
    "貨品金額（不包括運費）滿 100 美元即減 15 美元。每張訂單只限使用一張優惠券。",
  ],
  "Free standard shipping": ["免费标准配送", "免費標準送貨"],
  "Free shipping when your goods come to $30 or more. One coupon per order.": [
    "商品金额满 30 美元即免运费。每笔订单限用一张优惠券。",
    "貨品金額滿 30 美元即免運費。每張訂單只限使用一張優惠券。",
  ],
  "An expired coupon": ["已过期的优惠券", "已過期的優惠券"],
  "20% off outdoor gear": ["户外装备八折", "戶外裝備八折"],
  "20% off the outdoor gear in your order when it comes to $50 or more; other items keep their price. One coupon per order.": [
    "订单中的户外装备满 50 美元即享八折，其他商品按原价计算。每笔订单限用一张优惠券。",
    "訂單內的戶外裝備滿 50 美元即享八折，其他貨品維持原價。每張訂單只限使用一張優惠券。",
  ],
  // Articles.
  "Caring for linen": ["亚麻衣物护理指南", "亞麻衣物護理指南"],
  "How to wash, dry and store linen so it softens with every wear.": [
    "亚麻怎样洗、怎样晾、怎样收纳，才能越穿越柔软。",
    "亞麻應該點洗、點晾、點收納，先會越著越柔軟。",
  ],
  "Packing light for a week away": ["一周出行，轻装上路", "一星期旅程，輕裝出發"],
  "One bag, seven days: the list we use ourselves.": [
    "一个包，七天行程：我们自己也在用的清单。",
    "一個袋，七日行程：我們自己都在用的清單。",
  ],
  "Ten kitchen essentials": ["十件厨房必备好物", "十件廚房必備好物"],
  "The tools our cooks reach for every day.": ["我们的厨师每天都离不开的工具。", "我們的廚師每日都離不開的工具。"],
  "A first camping checklist": ["第一次露营清单", "第一次露營清單"],
  "Everything for a comfortable first night outdoors.": [
    "在户外舒舒服服度过第一晚所需的一切。",
    "在戶外舒舒服服度過第一晚所需的一切。",
  ],
  "The winter gift guide": ["冬季送礼指南", "冬日送禮指南"],
  "Thoughtful presents for everyone on your list.": ["为名单上的每个人挑选贴心礼物。", "為清單上每一位挑選貼心禮物。"],
  "Behind the seams": ["针脚背后的故事", "針步背後的故事"],
  "A visit to the workshop that makes our shirts.": ["走访为我们制作衬衫的工坊。", "探訪為我們製作恤衫的工場。"],
  "Linen or cotton for summer?": ["夏天穿亚麻还是棉？", "夏天著亞麻定棉？"],
  "How the two summer fabrics compare on a hot day, from the first wear to the hundredth wash.": [
    "炎热天气里，这两种夏季面料表现如何？从第一次上身到第一百次洗涤，一一比较。",
    "炎熱天氣下，這兩種夏季布料表現如何？由第一次著到第一百次洗，逐一比較。",
  ],
  "Keeping wool soft": ["让羊毛保持柔软", "令羊毛保持柔軟"],
  "Gentle washing and drying for knitwear that lasts for years.": [
    "温和洗涤与晾干，让针织衫穿上好多年。",
    "溫和洗滌與晾乾，令冷衫著足好多年。",
  ],
  "A calmer desk in ten minutes": ["十分钟，打造更安静的书桌", "十分鐘，整理出更清靜的書枱"],
  "Small changes to a workspace that make a big difference to a working day: light, cables, and one notebook instead of ten scraps of paper.":
    [
      "工作空间的小改变，让一整天的工作大不相同：光线、线材，还有用一本笔记本取代十张零散的纸条。",
      "工作空間的小改變，令一整日的工作大不同：光線、電線，仲有用一本筆記簿取代十張散紙。",
    ],
  "Planning a weekend hike": ["周末徒步计划", "週末行山計劃"],
  "Routes, layers and snacks for two days on the trail.": [
    "两天山径行程的路线、衣物搭配与零食。",
    "兩日山徑行程的路線、衣物配搭同小食。",
  ],
  "The slow coffee morning": ["慢享咖啡的早晨", "慢活咖啡早晨"],
  "Brewing pour-over coffee at home, step by step.": ["在家一步步冲一杯手冲咖啡。", "在家一步步沖一杯手沖咖啡。"],
  "Mending basics": ["缝补入门", "縫補入門"],
  "Sew on a button and darn a sock: two small skills that keep clothes in use for longer.": [
    "钉纽扣、补袜子：两个让衣服穿得更久的小技巧。",
    "釘鈕、補襪：兩個令衫褲著得更耐的小技巧。",
  ],
  "We asked our team for their best advice and collected it here.": [
    "我们向团队征集了最实用的建议，整理在这里。",
    "我們向團隊收集了最實用的建議，整理如下。",
  ],
  "Have a tip of your own? Send it through the feedback form.": [
    "你也有心得？欢迎通过意见反馈表告诉我们。",
    "你都有心得？歡迎透過意見表格話我哋知。",
  ],
  // Checkout (checkout.json, written by hand, uses the same words).
  "Standard shipping": ["标准配送", "標準送貨"],
  "Express shipping": ["快递配送", "特快送貨"],
  "Pick up in store": ["到店自提", "門市自取"],
  "Credit or debit card": ["信用卡或借记卡", "信用卡或扣賬卡"],
  PayPal: ["PayPal", "PayPal"],
  "Cash on delivery": ["货到付款", "貨到付款"],
  // Store name.
  "Demo Store": ["示例商店", "示範商店"],
};

/**
 * Category slug -> how a product's summary opens in zh and zh-HK.
 * @type {Record<string, Chinese>}
 */
const STAPLE = {
  shirts: ["衬衫衣橱必备", "恤衫衣櫥必備"],
  knitwear: ["针织衣橱必备", "針織衣櫥必備"],
  shoes: ["鞋柜必备", "鞋櫃必備"],
  bags: ["日常包袋必备", "日常袋款必備"],
  home: ["家居必备", "家居必備"],
  kitchen: ["厨房必备", "廚房必備"],
  outdoor: ["户外必备", "戶外必備"],
  stationery: ["文具必备", "文具必備"],
};

/**
 * Texts built from parts, as the generator writes them: [pattern, (...groups) => [zh, zh-HK]].
 * @type {[RegExp, (...groups: string[]) => Chinese][]}
 */
const PATTERNS = [
  [
    /^Our (.+), chosen to last\.$/,
    (name) => {
      const [zh, hk] = phrase(capitalize(name)) ?? [name, name];
      return [`我们精选的${zh}，经久耐用。`, `我們精選的${hk}，經久耐用。`];
    },
  ],
  [
    /^Our (.+) is designed in small batches and tested for everyday use\.$/,
    (name) => {
      const [zh, hk] = productName(name);
      return [`我们的${zh}小批量设计生产，并经过日常使用检验。`, `我們的${hk}以小批量設計生產，並經日常使用測試。`];
    },
  ],
  // A variant: "Navy / M" (sizes are written the same in every language).
  [
    /^([A-Za-z]+) \/ (S|M|L|XL)$/,
    (colour, size) => {
      const [zh, hk] = phrase(colour) ?? [colour, colour];
      return [`${zh} / ${size}`, `${hk} / ${size}`];
    },
  ],
  [/^(S|M|L|XL)$/, (size) => [size, size]],
];

/** @param {string} s */
const capitalize = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** @param {string} en @returns {Chinese | undefined} */
const phrase = (en) => PHRASES[en];
/**
 * "linen shirt" -> the product's names.
 * @param {string} lower
 * @returns {Chinese}
 */
function productName(lower) {
  const key = Object.keys(PHRASES).find((k) => k.toLowerCase() === lower);
  return (key && PHRASES[key]) || [lower, lower];
}

/**
 * The text as { en, zh, "zh-HK" }, or the English string when no translation is known.
 * @param {unknown} en
 * @param {{ category?: string }} [context]
 * @returns {unknown} what is not a string comes back as it is
 */
export function translate(en, context = {}) {
  if (typeof en !== "string") return en;
  const summary = /^A .+ staple: the (.+), made to last\.$/.exec(en);
  const staple = context.category ? STAPLE[context.category] : undefined;
  if (summary?.[1] !== undefined && staple) {
    const [zh, hk] = productName(summary[1]);
    return {
      en,
      zh: `${staple[0]}：${zh}，经久耐用。`,
      "zh-HK": `${staple[1]}：${hk}，經久耐用。`,
    };
  }
  const known = phrase(en);
  if (known) return { en, zh: known[0], "zh-HK": known[1] };
  for (const [pattern, build] of PATTERNS) {
    const m = pattern.exec(en);
    if (m) {
      const [zh, hk] = build(...m.slice(1));
      return { en, zh, "zh-HK": hk };
    }
  }
  return en;
}

/**
 * English of a text, whether plain or already translated.
 * @param {unknown} value
 */
const english = (value) =>
  value && typeof value === "object" && "en" in value && typeof value.en === "string" ? value.en : value;
/** @param {unknown} value @param {{ category?: string }} [context] */
const tr = (value, context) => (value === undefined ? undefined : translate(english(value), context));
/** @param {unknown} list @param {{ category?: string }} [context] */
const trList = (list, context) => (Array.isArray(list) ? list.map((v) => tr(v, context)) : list);

/**
 * Sets `key` only when the item has it, keeping the order of its keys.
 * @param {Record<string, unknown>} item
 * @param {string} key
 * @param {unknown} value
 */
function set(item, key, value) {
  if (Object.hasOwn(item, key)) item[key] = value;
}

/**
 * The items of a catalog file (by its name, "products.json") with their texts translated.
 * @param {string} file
 * @param {any[]} items the file's items, as its schema has them
 * @returns {any[]}
 */
export function localizeItems(file, items) {
  return items.map((source) => {
    const item = structuredClone(source);
    switch (file) {
      case "products.json":
        set(item, "title", tr(item.title));
        set(item, "summary", tr(item.summary, { category: item.category }));
        set(item, "description", trList(item.description));
        for (const variant of item.variants ?? []) {
          set(variant, "title", tr(variant.title));
          if (variant.options) for (const key of Object.keys(variant.options)) variant.options[key] = tr(variant.options[key]);
        }
        break;
      case "categories.json":
      case "tags.json":
        set(item, "name", tr(item.name));
        set(item, "description", tr(item.description));
        break;
      case "collections.json":
      case "promotions.json":
        set(item, "title", tr(item.title));
        set(item, "description", tr(item.description));
        break;
      case "articles.json":
        set(item, "title", tr(item.title));
        set(item, "excerpt", tr(item.excerpt));
        set(item, "body", trList(item.body));
        break;
      case "pages.json":
        set(item, "title", tr(item.title));
        set(item, "body", trList(item.body));
        break;
      case "coupons.json":
        set(item, "title", tr(item.title));
        set(item, "terms", tr(item.terms));
        break;
    }
    return item;
  });
}

const FILES = [
  "products.json",
  "categories.json",
  "tags.json",
  "collections.json",
  "articles.json",
  "pages.json",
  "promotions.json",
  "coupons.json",
];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const store = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "demo-store");
  for (const file of FILES) {
    const path = join(store, file);
    // Read right before writing: other files' fields are kept as they are now.
    const json = JSON.parse(readFileSync(path, "utf8"));
    json.items = localizeItems(file, json.items);
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  }
  console.log(`translated the texts of ${FILES.join(", ")}`);
}
