export { type CaughtMail, MailCatcher } from './catcher';
export { createMailer, type Mail, type Mailer } from './mailer';
