import { configure } from '@testing-library/react';

// findBy*/waitFor default to 1 s, which a loaded 2-core CI machine can exceed while lazy pages
// load; 5 s keeps the tests meaningful without flaking.
configure({ asyncUtilTimeout: 5000 });
