// The host is a plain app (no federation on the public pages): the bootstrap runs at once.
import './bootstrap';
