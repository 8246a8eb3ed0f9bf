export const WRONG_KEY = 'That is not the super-administrator key';
export const OPERATOR_SIGN_IN_UNAVAILABLE = 'Signing in is not possible right now; please try again in a moment';
