// What the auth, header and newsletter forms import for their calls: the api hook and the
// text a failed call shows inline. Both live where every component finds them.
export { useApiPost } from "../../runtime/hooks/useApi";
export { failureMessage } from "../common/failure-message";
