// Module Federation needs an async boundary before any shared module (react, …) is used, so
// the shared scope can be negotiated first. Only the stand-alone dev page starts here.
void import('./bootstrap');
