// Every plain form post the server answers (POST {prefix}/form/{name}; register.ts).
import { authForms } from "./auth-forms";
import { cartForms } from "./cart-forms";
import { checkoutForms } from "./checkout-forms";
import { newsletterForms } from "./newsletter-form";
import { productForms } from "./product-forms";
import type { FormDef } from "./register";

export const allForms: readonly FormDef[] = [...authForms, ...productForms, ...newsletterForms, ...cartForms, ...checkoutForms];
