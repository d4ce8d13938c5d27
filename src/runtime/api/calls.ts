// The /api/web calls the runtime services make, with their generated request and answer
// types, so a call and its body cannot drift apart.
import type * as T from "../../../generated/types";

export interface ApiCalls {
  "auth/signin": { request: T.AuthSigninRequest; response: T.AuthSigninResponse };
  "auth/signout": { request: T.AuthSignoutRequest; response: T.AuthSignoutResponse };
  "auth/signup": { request: T.AuthSignupRequest; response: T.AuthSignupResponse };
  "newsletter/subscribe": { request: T.NewsletterSubscribeRequest; response: T.NewsletterSubscribeResponse };
  "visitor/track": { request: T.VisitorTrackRequest; response: T.VisitorTrackResponse };
  "stat/duration": { request: T.StatDurationRequest; response: T.StatDurationResponse };
  "user/info": { request: T.UserInfoRequest; response: T.UserInfoResponse };
  "user/editName": { request: T.UserEditNameRequest; response: T.UserEditNameResponse };
  "user/editInfo": { request: T.UserEditInfoRequest; response: T.UserEditInfoResponse };
  "user/editPassword": { request: T.UserEditPasswordRequest; response: T.UserEditPasswordResponse };
  "user/editEmail": { request: T.UserEditEmailRequest; response: T.UserEditEmailResponse };
  "user/editMobile": { request: T.UserEditMobileRequest; response: T.UserEditMobileResponse };
  "user/editAvatar": { request: FormData; response: T.UserEditAvatarResponse };
  "favorite/add": { request: T.FavoriteAddRequest; response: T.FavoriteAddResponse };
  "favorite/cancel": { request: T.FavoriteCancelRequest; response: T.FavoriteCancelResponse };
  "favorite/list": { request: T.FavoriteListRequest; response: T.FavoriteListResponse };
  "favorite/count": { request: T.FavoriteCountRequest; response: T.FavoriteCountResponse };
  "favorite/wishList": { request: T.FavoriteWishListRequest; response: T.FavoriteWishListResponse };
  "cart/add": { request: T.CartAddRequest; response: T.CartAddResponse };
  "cart/list": { request: T.CartListRequest; response: T.CartListResponse };
  "cart/update": { request: T.CartUpdateRequest; response: T.CartUpdateResponse };
  "cart/remove": { request: T.CartRemoveRequest; response: T.CartRemoveResponse };
  "address/list": { request: T.AddressListRequest; response: T.AddressListResponse };
  "address/save": { request: T.AddressSaveRequest; response: T.AddressSaveResponse };
  "checkout/options": { request: T.CheckoutOptionsRequest; response: T.CheckoutOptionsResponse };
  "checkout/quote": { request: T.CheckoutQuoteRequest; response: T.CheckoutQuoteResponse };
  "checkout/submit": { request: T.CheckoutSubmitRequest; response: T.CheckoutSubmitResponse };
  "order/list": { request: T.OrderListRequest; response: T.OrderListResponse };
  "order/detail": { request: T.OrderDetailRequest; response: T.OrderDetailResponse };
}

export type CallName = keyof ApiCalls;
