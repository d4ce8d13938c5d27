// The /api/web calls the runtime services make, with their generated request and answer
// types, so a call and its body cannot drift apart.
import type * as T from "../../../generated/types";

export interface ApiCalls {
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
}

export type CallName = keyof ApiCalls;
