export { type CaughtMail, MailCatcher } from './catcher';
export { createMailer, type Mail, type Mailer } from './mailer';
export { renderMail } from './render';
export { Action, LinkLine, Paragraph, Paragraphs } from './templates/blocks';
export { type DigestItem, type DigestMailInput, digestMail, nothingNew } from './templates/DigestMail';
export { type EventMailInput, eventMail } from './templates/EventMail';
export { Layout, type LayoutProps } from './templates/Layout';
export { type NoticeBlock, type NoticeMailInput, noticeMail } from './templates/NoticeMail';
export { type Unsubscribe, unsubscribeHeaders } from './unsubscribe';
