// The payment method radio group.
import type { CheckoutPaymentMethod } from "../../../generated/types";
import { MethodChoice, type MethodChoiceProps } from "./ShippingMethods";

type Props = Omit<MethodChoiceProps, "name" | "legendId" | "methods"> & { methods: readonly CheckoutPaymentMethod[] };

export default function PaymentMethods(props: Props) {
  return <MethodChoice {...props} name="paymentMethod" legendId="checkout.payment" />;
}
