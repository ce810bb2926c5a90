export { IDLE_TIMEOUT_MS, RECENT_ACTIVITY_MS, renewAheadMs } from './auth/constants';
export { tokenExpiry, tokenTimes } from './auth/jwt';
export { endSession, startSession } from './auth/session';
export {
  type AuthData,
  accessToken,
  accessTokenTimes,
  clearAuth,
  lastActive,
  lastActiveKey,
  loadAuth,
  markActive,
  refreshToken,
  saveAuth,
  storeTokens,
} from './auth/storage';
export {
  type Platform,
  PlatformProvider,
  useApiClient,
  useCategory,
  useCloseFolder,
  useCreateFolderSignal,
  useCreateTaskSignal,
  useCurrentUser,
  useGoTo,
  useListQuery,
  useLogout,
  useNavigateTo,
  useOpenFolder,
  useOpenFolderId,
  usePlatform,
  usePlatformDispatch,
  usePlatformSelector,
  useRequestCreateFolder,
  useRequestCreateTask,
} from './context';
export { TaskDragProvider, taskDragInstructions, useTaskDrag, useTaskDropTarget } from './drag/tasks-drag';
export {
  percentOf,
  type RequestFn,
  UploadError,
  type UploadedFile,
  type UploadOptions,
  uploadFile,
  uploadPaths,
} from './files/upload';
export { type UploadChoice, useUploadChoice } from './files/upload-choice';
export { type ApiClient, type ApiClientOptions, createApiClient, errorMessage } from './http/client';
export { isOffline, offlineMessage, useOnline } from './http/online';
export {
  type CategoryText,
  categoryBook,
  categoryText,
  contractMessages,
  currentLanguage,
  defineMessages,
  detectLanguage,
  I18nUiProvider,
  type Language,
  languageKey,
  languageNames,
  languages,
  localizeSentence,
  type MessageBook,
  type MessageKey,
  setLanguage,
  storedLanguage,
  type Translate,
  translate,
  uiBook,
  untranslatedKeys,
  useCategoryText,
  useLanguage,
  useLocalize,
  useT,
} from './i18n';
export {
  connectLiveSocket,
  type LiveSocketOptions,
  reconnectDelayMs,
  socketUrl,
  useLiveSocket,
  useResumableSocket,
} from './live/socket';
export { isTaskAcceptedMessage, type TaskAcceptedMessage, taskAccepted } from './messages/task-accepted';
export {
  type Density,
  densities,
  density,
  densityPreferenceKey,
  onDensityChange,
  setDensity,
  useDensity,
} from './preferences/density';
export {
  onSoundToggle,
  setSoundEnabled,
  soundEnabled,
  soundPreferenceKey,
  useSoundEnabled,
} from './preferences/sound';
export { useAcceptTaskMutation } from './state/accept';
export {
  failureMessage,
  type PlatformQueryArgs,
  type PlatformQueryError,
  platformApi,
} from './state/api';
export { authSlice, type CurrentUser, selectCurrentUser, signedIn, signedOut } from './state/auth';
export {
  pathOf,
  placeOf,
  type SettingsSection,
  settingsSections,
  taskPathOf,
  type WorkspacePlace,
} from './state/paths';
export {
  placeOfView,
  useDeleteViewMutation,
  useSavedViewsQuery,
  useSaveViewMutation,
  viewPathOf,
} from './state/saved-views';
export {
  createPlatformStore,
  type LazyLoadedSlices,
  type PlatformDispatch,
  type PlatformState,
  type PlatformStore,
  rootReducer,
} from './state/store';
export {
  type Category,
  categories,
  categoryHeading,
  closeFolder,
  isTaskCategory,
  navigateTo,
  openFolder,
  openSettingsSection,
  openTask,
  requestCreateFolder,
  requestCreateTask,
  selectCategory,
  selectListQuery,
  selectListQueryReplaces,
  selectOpenFolderId,
  selectOpenTaskId,
  selectRequest,
  selectSettingsSection,
  setListQuery,
  showPlace,
  type TaskCategory,
  taskCategories,
  taskPlaced,
  type WorkspaceRequest,
  workspaceSlice,
} from './state/workspace';
export {
  applyTheme,
  resolvedTheme,
  setTheme,
  type Theme,
  type ThemeChoice,
  themeChoice,
  themeChoices,
  themeKey,
  toggleTheme,
  useTheme,
} from './theme';
export type {
  AcceptTaskProps,
  ExposedFiles,
  Exposes,
  FolderViewProps,
  NoProps,
  RemoteName,
  RemoteViewModule,
  RemoteViews,
  TaskListProps,
  TaskPageProps,
  ViewName,
  ViewProps,
} from './views';
