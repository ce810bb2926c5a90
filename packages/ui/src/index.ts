export { Banner, type BannerProps, type BannerTone } from './Banner';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { cx } from './cx';
export { Dialog, type DialogProps } from './Dialog';
export { DropdownMenu, type DropdownMenuItem, type DropdownMenuProps } from './DropdownMenu';
export { type FileChoice, FileChoiceField, type FileChoiceFieldProps } from './FileChoiceField';
export {
  FilePreviewDialog,
  type FilePreviewDialogProps,
  type FileSubject,
  filePaths,
  type PreviewRequest,
} from './FilePreviewDialog';
export { FieldLabel } from './field';
export { formatFileSize } from './fileSize';
export { DecorativeIcon, GripIcon, PaperclipIcon } from './icons';
export { type Notice, NoticeBanner, useNotice } from './Notice';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export {
  NewPasswordField,
  type NewPasswordFieldProps,
  PasswordStrength,
  type PasswordStrengthProps,
  strengthMessages,
} from './PasswordStrength';
export { PriorityBadge, type PriorityBadgeProps } from './PriorityBadge';
export { Slider, type SliderProps } from './Slider';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export { TextField, type TextFieldProps } from './TextField';
export {
  type ToastFn,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  type ToastTone,
  useToast,
} from './Toast';
export { type UiText, type UiTextKey, UiTextProvider, uiText, useUiText } from './text';
export { dateTimeLabel, relativeTime, timeOf, useMinuteTick } from './time';
export {
  type Priority,
  type PriorityColor,
  priorities,
  priorityColors,
  priorityFromNumber,
  priorityToNumber,
} from './tokens';
