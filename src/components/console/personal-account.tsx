'use client';

import { createContext, useContext } from 'react';

/**
 * True inside a buyer's platform account (opened by a claim code): texts that would send an
 * organisation to its operator send a buyer to what they can do themselves (redeem another code).
 */
const PersonalAccount = createContext(false);

export const PersonalAccountProvider = PersonalAccount.Provider;

export const usePersonalAccount = (): boolean => useContext(PersonalAccount);
