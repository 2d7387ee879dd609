// The app's modules import assets the vite way ("...?url"); their types, for the tests that import those modules.
/// <reference types="vite/client" />
