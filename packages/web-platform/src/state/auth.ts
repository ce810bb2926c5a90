import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface CurrentUser {
  email: string;
  firstName: string;
  lastName: string;
}

export interface AuthState {
  user: CurrentUser | null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: { user: null } as AuthState,
  reducers: {
    signedIn(state, action: PayloadAction<CurrentUser>) {
      state.user = action.payload;
    },
    signedOut(state) {
      state.user = null;
    },
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const { selectCurrentUser } = authSlice.selectors;
