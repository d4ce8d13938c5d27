// A product with variants that differ in price, line price, stock and image, and a cart
// answer, for the product page and cart drawer tests.
import type { Cart, ProductDetailProps } from "../../../generated/types";

export const PRODUCT: ProductDetailProps = {
  productId: 7,
  currency: "USD",
  selectedSku: "TEE-RED-M",
  product: {
    slug: "tee",
    title: "Tee",
    images: ["/media/tee.svg", "/media/tee-back.svg"],
    variants: [
      { sku: "TEE-RED-M", title: "Red / M", price: 20, stock: 5, href: "/product/tee/TEE-RED-M", image: "/media/tee-red.svg" },
      {
        sku: "TEE-BLU-M",
        title: "Blue / M",
        price: 25,
        linePrice: 30,
        stock: 2,
        href: "/product/tee/TEE-BLU-M",
        image: "/media/tee-blue.svg",
      },
      { sku: "TEE-BLU-L", title: "Blue / L", price: 25, stock: 0, href: "/product/tee/TEE-BLU-L", image: "/media/tee-blue.svg" },
    ],
  },
};

export function cartWith(quantity: number): Cart {
  return {
    items: [
      {
        sku: "TEE-BLU-M",
        slug: "tee",
        title: "Tee",
        variantTitle: "Blue / M",
        image: "/media/tee-blue.svg",
        href: "/product/tee/TEE-BLU-M",
        price: 25,
        quantity,
        stock: 2,
        selected: true,
      },
    ],
    count: quantity,
    total: 25 * quantity,
    currency: "USD",
  };
}
