export const INCORRECT_CREDENTIALS = 'Email or password is incorrect';
export const SIGN_IN_UNAVAILABLE = 'Signing in is not possible right now; please try again in a moment';
